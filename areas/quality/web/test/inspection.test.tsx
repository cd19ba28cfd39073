// The inspection screen as the inspector uses it: counting pieces moves the counter, a defect is
// sent with its class and an idempotency key and the accept / reject counters follow the server's
// answer, finishing asks once more and shows the verdict; the brand's side sees only its steps
// (in Chinese too); the list pages, sorts and filters through the server.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { choose, posted, renderApp, signedInServer } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 240_000 });

// jsdom has no canvas to draw on: the e-sign area's pad is replaced by a button that 'draws' when
// clicked (the real pad is drawn with a mouse in e2e/quality.e2e.test.ts).
const SIGNED = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
vi.mock('../../../esign/web', async () => {
  const { createElement, forwardRef, useImperativeHandle, useState } = await import('react');
  const SignaturePadField = forwardRef(function FakePad({ label }: { label: string }, ref) {
    const [drawn, setDrawn] = useState(false);
    useImperativeHandle(ref, () => ({ isEmpty: () => !drawn, toPng: () => SIGNED, clear: () => setDrawn(false) }));
    return createElement('button', { type: 'button', 'aria-label': label, 'data-testid': 'esign-pad', onClick: () => setDrawn(true) });
  });
  return { SignaturePadField };
});
beforeEach(() => setLang('en'));

type Doc = Record<string, any>;
const PLANS = { critical: { accept: 0, reject: 1 }, major: { accept: 2, reject: 3 }, minor: { accept: 3, reject: 4 } };

function liveOf(doc: Doc) {
  const byClass: Doc = {};
  const failed: string[] = [];
  for (const c of ['critical', 'major', 'minor'] as const) {
    const p = (PLANS as Doc)[c];
    const count = doc[`${c}_count`];
    byClass[c] = { count, accept: p.accept, reject: p.reject, pass: count <= p.accept };
    if (count >= p.reject) failed.push(c);
  }
  return { pass: failed.length === 0, failed, byClass };
}

function inspectionServer(start: Doc, sides: string[], actions: string[]) {
  let doc: Doc = { ...start };
  const answer = () => ({ doc, sides, live: liveOf(doc), actions: doc.status === 'IN_PROGRESS' ? actions : [] });
  const bump = (patch: Doc) => {
    doc = { ...doc, ...patch, version: doc.version + 1 };
    return answer();
  };
  return signedInServer()
    .on('GET', 'scmapi/inspection/view', answer)
    .on('POST', 'scmapi/inspection/sampled', (req) => bump({ sampled_qty: posted(req).sampled_qty }))
    .on('POST', 'scmapi/inspection/defect', (req) => {
      const d = posted(req);
      const defects = [...doc.defects, { id: `D${doc.defects.length}`, seq: doc.defects.length, ...d }];
      return bump({ defects, [`${d.defect_class}_count`]: doc[`${d.defect_class}_count`] + Number(d.qty) });
    })
    .on('POST', 'scmapi/inspection/finish', (req) => bump({ comment: posted(req).comment, status: liveOf(doc).pass ? 'PASSED' : 'FAILED', result: liveOf(doc).pass ? 'PASS' : 'FAIL' }));
}

const RUNNING: Doc = {
  id: 'Q1', version: 4, code: 'QC-20261201-001', status: 'IN_PROGRESS', inspection_type: 'FINAL', order_code: 'PO-9', inspection_date: '2026-12-01',
  brand_name: 'Demo Brand Co.', factory_name: 'Demo Garment Factory', inspector_name: 'Demo QC Services', inspector_party: 'COMPANY',
  code_letter: 'G', sample_size: 32, lot_size: '160', plans: PLANS, sampled_qty: 31, critical_count: 0, major_count: 2, minor_count: 0, defects: [], readings: [],
};

describe('the inspection screen', () => {
  it('the inspector counts, logs a defect that tips major over its rejection number, finishes and sees the verdict', async () => {
    const srv = inspectionServer(RUNNING, ['inspector'], ['finish']);
    renderApp('/scm/index/inspection?id=Q1');
    const view = await screen.findByTestId('qc-view', undefined, { timeout: 150_000 });
    expect(within(view).getByTestId('qc-plan').textContent).toBe('Sampling plan: letter G, 32 of 160 pieces');
    expect(within(view).getByTestId('qc-sampled-count').textContent).toBe('31 / 32');
    expect(within(view).getByTestId('qc-count-major').textContent).toBe('2');
    expect(within(view).getByTestId('qc-counter-major').className).toContain('qc-ok');
    expect(within(view).getByTestId('qc-verdict').textContent).toBe('Within the accept numbers');

    fireEvent.click(within(view).getByTestId('qc-sampled-plus'));
    await waitFor(() => expect(within(view).getByTestId('qc-sampled-count').textContent).toBe('32 / 32'));
    expect(posted(srv.calls('scmapi/inspection/sampled')[0])).toEqual({ id: 'Q1', version: 4, sampled_qty: 32 });

    // Picking a catalogue defect takes its default class (a hole is major).
    await choose(within(view).getByTestId('qc-defect-code'), 'HOLE · Hole');
    fireEvent.click(within(view).getByTestId('qc-defect-add'));
    await waitFor(() => expect(within(view).getByTestId('qc-count-major').textContent).toBe('3'));
    const sent = posted(srv.calls('scmapi/inspection/defect')[0]);
    expect(sent).toMatchObject({ id: 'Q1', version: 5, defect_code: 'HOLE', defect_class: 'major', qty: 1, photos: [] });
    expect(String(sent.client_key)).toMatch(/\S{8,}/);
    expect(within(view).getByTestId('qc-counter-major').className).toContain('qc-fail');
    expect(within(view).getByTestId('qc-verdict').textContent).toBe('Rejected: Major');
    expect(within(view).getByTestId('qc-defect-0').textContent).toContain('HOLE · Hole × 1');

    // Finish asks once more; the verdict is the server's.
    fireEvent.click(within(view).getByTestId('qc-action-finish'));
    expect(srv.calls('scmapi/inspection/finish')).toHaveLength(0);
    fireEvent.change(await screen.findByTestId('qc-finish-comment'), { target: { value: 'Needle found in carton 3' } });
    // Not signed: nothing is sent, the dialog says so.
    fireEvent.click(await screen.findByTestId('qc-finish-ok'));
    expect((await screen.findByTestId('qc-sign-required')).textContent).toBe('Sign before finishing the inspection');
    expect(srv.calls('scmapi/inspection/finish')).toHaveLength(0);
    fireEvent.click(screen.getByLabelText('Inspector signature: sign here'));
    fireEvent.click(screen.getByTestId('qc-finish-ok'));
    await waitFor(() => expect(within(view).getByTestId('qc-status-FAILED').textContent).toBe('Failed'));
    expect(posted(srv.calls('scmapi/inspection/finish')[0])).toEqual({ id: 'Q1', version: 6, comment: 'Needle found in carton 3', signature: SIGNED });
    expect(within(view).queryByTestId('qc-defect-form')).toBeNull();
  });

  it('the brand reads the same inspection without recording controls, in Chinese', async () => {
    setLang('zh');
    inspectionServer(RUNNING, ['brand'], []);
    renderApp('/scm/index/inspection?id=Q1');
    const view = await screen.findByTestId('qc-view', undefined, { timeout: 150_000 });
    expect(within(view).getByTestId('qc-status-IN_PROGRESS').textContent).toBe('检验中');
    expect(within(view).getByTestId('qc-plan').textContent).toBe('抽样方案：字码 G，160 件中抽 32 件');
    expect(within(view).queryByTestId('qc-sampled-plus')).toBeNull();
    expect(within(view).queryByTestId('qc-defect-form')).toBeNull();
    expect(within(view).getByTestId('qc-counter-major').textContent).toContain('接收 2 · 拒收 3');
  });

  it('the list sends its filter, sort and page to the server', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: `R${i}`, code: `QC-${i}`, order_code: 'PO-1', inspection_type: 'FINAL', inspection_date: '2026-12-01', status: 'BOOKED', sample_size: 32, sampled_qty: 0 }));
    const srv = signedInServer().on('GET', 'scmapi/inspection/page-list', () => ({ rows, total: 45, page: 1, size: 20 }));
    renderApp('/scm/index/inspection');
    const list = await screen.findByTestId('qc-list', undefined, { timeout: 150_000 });
    await within(list).findByTestId('qc-row-QC-0');
    await choose(within(list).getByTestId('qc-filter-status'), 'Failed');
    await waitFor(() => expect(srv.calls('scmapi/inspection/page-list').some((r) => r.query.get('status') === 'FAILED')).toBe(true));
    fireEvent.click(within(list).getByText('3'));
    await waitFor(() => expect(srv.calls('scmapi/inspection/page-list').some((r) => r.query.get('page') === '3' && r.query.get('status') === 'FAILED')).toBe(true));
    fireEvent.click(within(list).getAllByText('Number')[0]!);
    await waitFor(() => expect(srv.calls('scmapi/inspection/page-list').some((r) => r.query.get('sort') === 'code')).toBe(true));
  });
});
