// The supplier's answer page says what is true (issue 13): a posted quotation waits for the
// brand's evaluation (not 'not open to you'), submitted RFI answers wait for review, and a user
// the server refuses is told the page is not theirs instead of 'check your connection'.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { renderApp, json, posted as postedData, signedInServer } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => setLang('en'));

const PROJECT = { id: 'P1', code: 'SP2611001', name: 'SS27 shirting', brand_name: 'Demo Brand Co.', currency: 'USD', rfi_status: 'closed', publish_stage: '20', inquiry_status: 'quoting', eval_stage: '0' };
const ITEMS = [{ id: 'I1', name: 'Cotton poplin', unit: 'm', quantity: '5000.0000', expected_price: '12.3456', currency: 'USD' }];
const posted = {
  project: PROJECT,
  items: ITEMS,
  questions: [],
  invitation: { id: 'V1', status: 'posted' },
  rfi_record: { id: 'R1', version: 2, status: 'submitted', answers: [] },
  quotation: { id: 'Q1', version: 2, status: 'posted', lines: [{ item_id: 'I1', unit_price: '11.0000', tiers: [] }] },
  can: { fill_in: false, quote: false },
};

describe('supplier answer page states', () => {
  it('says a posted quotation waits for evaluation and submitted answers wait for review', async () => {
    signedInServer().on('GET', 'srmapi/sourcing-inbox/view', () => posted);
    renderApp('/srm/page/sourcing-answer?id=P1');
    expect((await screen.findByTestId('no-quote', undefined, { timeout: 45_000 })).textContent).toBe("Your quotation is posted and waits for the brand's evaluation");
    fireEvent.click(screen.getByRole('tab', { name: 'Fill in RFI' }));
    expect((await screen.findByTestId('no-fill-in')).textContent).toBe("Your answers are submitted and wait for the brand's review");
  });

  it('says it in Chinese too', async () => {
    setLang('zh');
    signedInServer().on('GET', 'srmapi/sourcing-inbox/view', () => posted);
    renderApp('/srm/page/sourcing-answer?id=P1');
    expect((await screen.findByTestId('no-quote', undefined, { timeout: 45_000 })).textContent).toBe('您的报价已提交，等待品牌方评审');
  });

  it('tells a refused user the page is not theirs, not to check the connection', async () => {
    signedInServer().on('GET', 'srmapi/sourcing-inbox/view', () => json(403, { message: 'No permission', code: 403 }));
    renderApp('/srm/page/sourcing-answer?id=P1');
    expect((await screen.findByTestId('answer-refused', undefined, { timeout: 45_000 })).textContent).toBe(
      'This page is for the invited supplier: it is not open to your company',
    );
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });

  it('tells a company without an invitation that there is none', async () => {
    signedInServer().on('GET', 'srmapi/sourcing-inbox/view', () => json(404, { message: 'Not found', code: 404 }));
    renderApp('/srm/page/sourcing-answer?id=P1');
    expect((await screen.findByTestId('answer-refused', undefined, { timeout: 45_000 })).textContent).toBe('No sourcing invitation for your company was found here');
  });

  it.each([
    [403, 'zh', '此页面供受邀供应商使用'],
    [404, 'en', 'No sourcing invitation for your company was found here'],
  ] as const)('%s (%s): the page says it once, with no error toast on top (issue 13)', async (status, lang, text) => {
    setLang(lang);
    signedInServer().on('GET', 'srmapi/sourcing-inbox/view', () => json(status, { message: 'the requested resource does not exist', code: status }));
    renderApp('/srm/page/sourcing-answer?id=P1');
    expect((await screen.findByTestId('answer-refused', undefined, { timeout: 45_000 })).textContent).toContain(text);
    // Give a toast the time it would take to appear: none does.
    await new Promise((r) => setTimeout(r, 300));
    expect(document.querySelector('.ant-message-notice, .ant-notification-notice')).toBeNull();
  });

  it("quotes in the currency of the items' expected prices when it differs from the project's", async () => {
    const srv = signedInServer()
      .on('GET', 'srmapi/sourcing-inbox/view', () => ({ ...posted, project: { ...PROJECT, currency: 'CNY' }, quotation: null, can: { fill_in: false, quote: true } }))
      .on('POST', 'srmapi/quotation/save', () => ({ id: 'Q1', version: 1, status: 'draft', currency: 'USD', lines: [] }));
    renderApp('/srm/page/sourcing-answer?id=P1');
    await screen.findByTestId('quote-currency', undefined, { timeout: 45_000 });
    expect(screen.getByTestId('quote-currency').textContent).toContain('USD');
    fireEvent.change(screen.getAllByTestId('quote-price')[0], { target: { value: '12.5' } });
    await act(async () => fireEvent.click(screen.getByTestId('quote-save')));
    await waitFor(() => expect(srv.calls('srmapi/quotation/save')).toHaveLength(1));
    expect(postedData(srv.calls('srmapi/quotation/save')[0]).currency).toBe('USD');
  });
});
