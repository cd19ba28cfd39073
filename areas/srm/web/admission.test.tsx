// The admission evaluation page shows exactly what the server allows (issue 13): a chosen
// reviewer without the buyer role scores their own rows; a buyer who is no reviewer edits the
// header and concludes but cannot score.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { renderApp, USER, posted, signedInServer } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => setLang('en'));

const ME = 'U-REV';
const EVAL = {
  id: 'E1',
  version: 3,
  title: 'Lace Co admission',
  vendor_id: 'V1',
  config_id: 'C1',
  result_score: '40.0000',
  result: 'rejected',
  status: '0',
  scores: [
    { id: 'S1', reviewer_id: 'U-OTHER', item_code: 'QUALITY', score: '40.0000', comment: null, _labels: { reviewer_id: 'Ann Lee' } },
    { id: 'S2', reviewer_id: ME, item_code: 'QUALITY', score: '70.0000', comment: 'ok', _labels: { reviewer_id: 'Olivia Chen' } },
  ],
  _labels: { vendor_id: 'Lace Co', config_id: 'V-REVIEW' },
};
const ITEMS = [
  { item_code: 'QUALITY', item_name: 'Quality', weight: '60.0000' },
  { item_code: 'DELIVERY', item_name: 'Delivery', weight: '40.0000' },
];

function server(abilities: { edit: boolean; score: boolean; conclude: boolean }, dashroles: string[]) {
  return signedInServer({ ...USER, dashroles })
    .on('GET', 'utilsapi/meta/entities', () => [])
    .on('GET', 'srmapi/admission-eval/view', () => EVAL)
    .on('GET', 'srmapi/admission-eval/abilities', () => ({ ...abilities, me: ME, items: ITEMS }))
    .on('POST', 'srmapi/admission-eval/score', () => ({ ...EVAL, version: 4 }));
}

/** antd puts the test id on the input itself or on its wrapper, depending on the version. */
function scoreInput(code: string): HTMLInputElement {
  const el = screen.getByTestId(`score-${code}`);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
}

describe('admission evaluation page', () => {
  it('lets a reviewer without the buyer role score their own rows, read-only header, no Conclude', async () => {
    const srv = server({ edit: false, score: true, conclude: false }, ['APPROVER']);
    renderApp('/srm/page/admission-eval?id=E1');
    await screen.findByTestId('score-QUALITY', undefined, { timeout: 45_000 });
    // The reviewer's stored score fills the input; the other reviewer's row is only listed.
    await waitFor(() => expect(scoreInput('QUALITY').value).toBe('70'));
    expect(screen.queryByTestId('document-save')).toBeNull();
    expect(screen.queryByTestId('transition-conclude')).toBeNull();
    fireEvent.change(scoreInput('DELIVERY'), { target: { value: '55' } });
    fireEvent.click(screen.getByTestId('save-scores'));
    await waitFor(() => expect(srv.calls('srmapi/admission-eval/score')).toHaveLength(1));
    expect(posted(srv.calls('srmapi/admission-eval/score')[0])).toEqual({
      id: 'E1',
      version: 3,
      scores: [
        { item_code: 'QUALITY', score: '70.0000', comment: 'ok' },
        { item_code: 'DELIVERY', score: '55', comment: null },
      ],
    });
    expect(screen.getByTestId('all-scores').textContent).toContain('Ann Lee');
  });

  it.each([
    ['en', 'weight 60%'],
    ['zh', '权重 60%'],
  ] as const)('%s: each item to score shows its name, code and weight as people write it, score and comment side by side (issue 13)', async (lang, weight) => {
    setLang(lang);
    server({ edit: false, score: true, conclude: false }, ['APPROVER']);
    renderApp('/srm/page/admission-eval?id=E1');
    await screen.findByTestId('score-QUALITY', undefined, { timeout: 45_000 });
    const table = screen.getByTestId('my-scores');
    expect(table.textContent).toContain(`QUALITY · ${weight}`);
    expect(table.textContent).not.toContain('60.0000');
    // Two columns only: on a phone the score input is not pushed off screen by more columns.
    expect(table.querySelectorAll('thead th')).toHaveLength(2);
  });

  it('shows a buyer who is no reviewer the scores read-only, with Save and Conclude', async () => {
    server({ edit: true, score: false, conclude: true }, ['BUYER']);
    renderApp('/srm/page/admission-eval?id=E1');
    await screen.findByTestId('scores-read-only', undefined, { timeout: 45_000 });
    expect(screen.getByTestId('scores-read-only').textContent).toBe('Only the chosen reviewers score this evaluation: you see the scores given.');
    expect(screen.queryByTestId('score-QUALITY')).toBeNull();
    expect(screen.queryByTestId('save-scores')).toBeNull();
    await screen.findByTestId('transition-conclude');
    await screen.findByTestId('document-save');
    // The engine form offers no score rows of its own (the server would refuse them).
    expect(screen.queryByTestId('child-scores')).toBeNull();
  });

  it('says the same in Chinese', async () => {
    setLang('zh');
    server({ edit: true, score: false, conclude: true }, ['BUYER']);
    renderApp('/srm/page/admission-eval?id=E1');
    const note = await screen.findByTestId('scores-read-only', undefined, { timeout: 45_000 });
    expect(note.textContent).toBe('只有选定的评审人可以为本评估评分：此处显示已有评分。');
  });
});
