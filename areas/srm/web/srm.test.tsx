// The sourcing screens with the network stubbed at fetch: the supplier's quote form (levels 1–5,
// 4 decimals, nothing sent while wrong, no Quote action when quoting is not open), and the
// buyer's side-by-side comparison with the award.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { setLang } from '@seamline/web/engine';
import { renderApp, posted, signedInServer } from '@seamline/web/testing';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  setLang('en');
  message.destroy();
});

const PROJECT = {
  id: 'P1',
  code: 'SP2611001',
  name: 'SS27 shirting',
  brand_name: 'Demo Brand Co.',
  contact_person: 'Ann Lee',
  contact_phone: '021-6000 1001',
  currency: 'USD',
  info_stage: '0',
  rfi_status: 'none',
  publish_stage: '10',
  inquiry_status: 'quoting',
  eval_stage: '0',
};
const ITEMS = [
  { id: 'I1', name: 'Cotton poplin', unit: 'm', quantity: '5000.0000', expected_price: '12.3456', currency: 'USD' },
  { id: 'I2', name: 'Shell button', unit: 'pcs', quantity: '20000.0000', expected_price: '0.0800', currency: 'USD' },
];

function answerView(extra: Record<string, unknown> = {}) {
  return { project: PROJECT, items: ITEMS, questions: [], invitation: { id: 'V1', status: 'posted' }, rfi_record: null, quotation: null, can: { fill_in: false, quote: true }, ...extra };
}

async function confirmPopup() {
  const pop = await waitFor(() => {
    const el = document.querySelector('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
    if (!el) throw new Error('no confirm');
    return el as HTMLElement;
  });
  await act(async () => fireEvent.click(pop));
}

describe('supplier quote form', () => {
  it('offers tier levels 1 to 5 and no sixth', async () => {
    signedInServer().on('GET', 'srmapi/sourcing-inbox/view', () => answerView());
    renderApp('/srm/page/sourcing-answer?id=P1');
    await screen.findByTestId('answer-page', undefined, { timeout: 20_000 });
    const add = () => screen.getAllByTestId('add-tier')[0] as HTMLButtonElement;
    for (let i = 0; i < 5; i += 1) fireEvent.click(add());
    await waitFor(() => expect(screen.getByLabelText('Min. qty 5')).toBeTruthy());
    expect(add().disabled).toBe(true);
    expect(screen.queryByLabelText('Min. qty 6')).toBeNull();
  });

  it('refuses a fifth decimal before posting, then posts the lines with their tiers', async () => {
    const srv = signedInServer()
      .on('GET', 'srmapi/sourcing-inbox/view', () => answerView())
      .on('POST', 'srmapi/quotation/save', (req) => ({ id: 'Q1', version: 1, status: 'draft', lines: posted(req).lines }));
    renderApp('/srm/page/sourcing-answer?id=P1');
    await screen.findByTestId('answer-page', undefined, { timeout: 20_000 });
    const [price1] = screen.getAllByTestId('quote-price');
    fireEvent.change(price1, { target: { value: '12.34567' } });
    fireEvent.click(screen.getByTestId('quote-save'));
    await waitFor(() => expect(screen.getByText('At most 4 decimal places are allowed')).toBeTruthy());
    expect(srv.calls('srmapi/quotation/save')).toHaveLength(0);

    fireEvent.change(price1, { target: { value: '12.3456' } });
    fireEvent.click(screen.getAllByTestId('add-tier')[0]);
    fireEvent.change(await screen.findByLabelText('Min. qty 1'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Unit price 1'), { target: { value: '11.5' } });
    await act(async () => fireEvent.click(screen.getByTestId('quote-save')));
    await waitFor(() => expect(srv.calls('srmapi/quotation/save')).toHaveLength(1));
    expect(posted(srv.calls('srmapi/quotation/save')[0])).toEqual({
      project_id: 'P1',
      currency: 'USD',
      lines: [{ item_id: 'I1', unit_price: '12.3456', lead_time_days: null, tiers: [{ level: 1, min_qty: '5000', unit_price: '11.5' }] }],
    });
  });

  it('shows no Quote action when quoting is not open for the company, and the posted state', async () => {
    signedInServer().on('GET', 'srmapi/sourcing-inbox/view', () =>
      answerView({ can: { fill_in: false, quote: false }, quotation: { id: 'Q1', version: 2, status: 'unselected', lines: [] } }),
    );
    renderApp('/srm/page/sourcing-answer?id=P1');
    await screen.findByTestId('answer-page', undefined, { timeout: 20_000 });
    expect(screen.getByTestId('no-quote').textContent).toContain('Quoting is not open for you');
    expect(screen.queryByTestId('quote-post')).toBeNull();
    expect(screen.queryByTestId('add-tier')).toBeNull();
    expect(screen.getAllByText('Unselected').length).toBeGreaterThan(0);
  });
});

describe('buyer comparison', () => {
  const compare = {
    project: { id: 'P1', publish_stage: '10', eval_stage: '20' },
    quotations: [
      { id: 'QA', version: 2, supplier_name: 'Demo Garment Factory', status: 'posted', currency: 'USD', evaluation_score: '65.0000' },
      { id: 'QB', version: 3, supplier_name: 'Demo Fabric Mill', status: 'posted', currency: 'USD', evaluation_score: null },
    ],
    items: [
      {
        id: 'I1',
        name: 'Cotton poplin',
        unit: 'm',
        quantity: '5000.0000',
        expected_price: '12.3456',
        currency: 'USD',
        best_price: '11.2000',
        offers: [
          { quotation_id: 'QA', unit_price: '11.8000', lead_time_days: 21, tiers: [{ level: 1, min_qty: '5000.0000', unit_price: '10.8000' }] },
          { quotation_id: 'QB', unit_price: '11.2000', lead_time_days: 30, tiers: [] },
        ],
      },
    ],
  };
  const workspace = {
    project: { id: 'P1', version: 7, info_stage: '0', rfi_status: 'none', publish_stage: '10', inquiry_status: 'closed', eval_stage: '20' },
    actions: ['start-preparing', 'end-publishing'],
    facts: {},
    invitations: [],
    rfi_records: [],
  };

  it('shows every posted quotation side by side with tiers, lead time and score, and awards one after a confirmation', async () => {
    const srv = signedInServer()
      .on('GET', 'srmapi/sourcing-project/view', () => ({ id: 'P1', version: 7, code: 'SP2611001', name: 'SS27 shirting', publish_stage: '10', items: [], rfi_questions: [] }))
      .on('GET', 'utilsapi/meta/entities', () => [])
      .on('GET', 'srmapi/sourcing-project/workspace', () => workspace)
      .on('GET', 'srmapi/invitation/candidates', () => [])
      .on('GET', 'srmapi/quotation/compare', () => compare)
      .on('POST', 'srmapi/quotation/select', () => compare);
    renderApp('/srm/page/rfq?id=P1');
    const table = await screen.findByTestId('comparison', undefined, { timeout: 20_000 });
    const text = table.textContent ?? '';
    expect(text).toContain('Demo Garment Factory');
    expect(text).toContain('Demo Fabric Mill');
    expect(text).toContain('L1 ≥ 5,000 m: $10.8000'); // issue 30: the item's unit, the quotation's currency
    expect(text).toContain('5,000 m');
    expect(text).toContain('30 days');
    expect(text).toContain('Evaluation score: 65.0000');
    expect(within(table).getAllByText('Lowest')).toHaveLength(1);
    expect(screen.getByTestId('publish-stage').textContent).toBe('Publishing');
    // The actions open now, in the stage machine's words.
    expect(screen.getByTestId('action-end-publishing').textContent).toBe('End project');

    const mill = [...document.querySelectorAll('[data-testid="compare-supplier"][data-supplier="Demo Fabric Mill"]')][0] as HTMLElement;
    fireEvent.click(within(mill).getByTestId('select-quotation'));
    expect(srv.calls('srmapi/quotation/select')).toHaveLength(0); // nothing before the confirmation
    await confirmPopup();
    await waitFor(() => expect(srv.calls('srmapi/quotation/select')).toHaveLength(1));
    expect(posted(srv.calls('srmapi/quotation/select')[0])).toEqual({ id: 'QB', version: 3 });
  });
});

describe('access-evaluation config (SRC-08)', () => {
  const config = (status: string) => ({
    id: 'C1',
    version: 2,
    version_no: 'V1',
    name: 'Standard supplier admission',
    pass_score: '70.0000',
    status,
    items: [{ id: 'IT1', item_code: 'QUALITY', item_name: 'Quality system', weight: '40.0000', weight_level: '5', is_additional: '0' }],
    options: [],
    reviewers: [],
  });

  it('shows an activated config read-only, a draft editable', async () => {
    signedInServer().on('GET', 'srmapi/access-eval-config/view', () => config('10'));
    const view = renderApp('/srm/page/access-eval-config?id=C1');
    await waitFor(() => expect(screen.getAllByDisplayValue('Quality system').length).toBeGreaterThan(0), { timeout: 20_000 });
    expect(screen.queryByTestId('document-save')).toBeNull();
    expect((screen.getAllByDisplayValue('Quality system')[0] as HTMLInputElement).disabled).toBe(true);
    view.unmount();

    signedInServer().on('GET', 'srmapi/access-eval-config/view', () => config('0'));
    renderApp('/srm/page/access-eval-config?id=C1');
    await waitFor(() => expect(screen.getAllByDisplayValue('Quality system').length).toBeGreaterThan(0), { timeout: 20_000 });
    expect(screen.getByTestId('document-save')).toBeTruthy();
    expect((screen.getAllByDisplayValue('Quality system')[0] as HTMLInputElement).disabled).toBe(false);
  });
});

