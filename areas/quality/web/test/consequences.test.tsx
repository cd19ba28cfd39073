// Issue 25, step 3 on the screen: a control-tower figure opens the list of the same rows; a failed
// inspection links its exception ticket; the template's checks and the chart's points on the
// inspector's screen; the printable report in the customer's print language (and switched).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { choose, posted, renderApp, signedInServer } from '@seamline/web/testing';

const SIGNED = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

vi.setConfig({ testTimeout: 240_000 });
beforeEach(() => setLang('en'));

type Doc = Record<string, any>;
const PLANS = { critical: { accept: 0, reject: 1, sampleSize: 32 }, major: { accept: 2, reject: 3, sampleSize: 32 }, minor: { accept: 3, reject: 4, sampleSize: 32 } };
const BASE: Doc = {
  id: 'Q1', version: 4, code: 'QC-20261201-001', status: 'IN_PROGRESS', inspection_type: 'FINAL', order_code: 'PO-9', inspection_date: '2026-12-01',
  brand_name: 'Demo Brand Co.', factory_name: 'Demo Garment Factory', inspector_name: 'Demo QC Services', inspector_party: 'COMPANY', level: 'II', severity: 'tightened',
  code_letter: 'G', sample_size: 32, lot_size: '160', plans: PLANS, sampled_qty: 0, critical_count: 0, major_count: 0, minor_count: 0, defects: [], readings: [],
  aql_critical: '0', aql_major: '2.5', aql_minor: '4.0',
  catalogue: [{ code: 'PILL', label: { en: 'Pilling', zh: '起球' }, cls: 'minor' }],
  checks: [{ group: 'CARTON', code: 'C-DROP', label: { en: 'Carton drop test', zh: '外箱跌落测试' }, result: null, note: null }],
  points: [{ style_code: 'TEE', size: 'M', pom_code: 'A', description: 'Chest', spec: '50.0', tol_plus: '1.0000', tol_minus: '0.5000', critical: false }],
};
const live = { pass: true, failed: [], byClass: { critical: { count: 0, accept: 0, reject: 1, pass: true }, major: { count: 0, accept: 2, reject: 3, pass: true }, minor: { count: 0, accept: 3, reject: 4, pass: true } } };

describe('step 3 screens', () => {
  it('a control-tower figure opens the list of the same rows, the view named with its count', async () => {
    const srv = signedInServer().on('GET', 'scmapi/inspection/page-list', () => ({ rows: [{ id: 'R1', code: 'QC-1', status: 'FAILED', sample_size: 32, sampled_qty: 32 }], total: 1, page: 1, size: 20 }));
    renderApp('/scm/index/inspection?view=failed-week');
    const list = await screen.findByTestId('qc-list', undefined, { timeout: 150_000 });
    await waitFor(() => expect(within(list).getByTestId('qc-view').textContent).toBe('Failed this week: 1'));
    expect(srv.calls('scmapi/inspection/page-list').every((r) => r.query.get('view') === 'failed-week')).toBe(true);
  });

  it('the inspector answers a check and picks a chart point; a failed one links its ticket; severity shown', async () => {
    let doc: Doc = { ...BASE };
    const answer = () => ({ doc, sides: ['inspector'], live, actions: [] });
    const srv = signedInServer()
      .on('GET', 'scmapi/inspection/view', answer)
      .on('POST', 'scmapi/inspection/check', (req) => {
        const d = posted(req);
        doc = { ...doc, version: doc.version + 1, checks: [{ ...doc.checks[0], result: d.result }] };
        return answer();
      })
      .on('POST', 'scmapi/inspection/reading', (req) => {
        const d = posted(req);
        doc = { ...doc, version: doc.version + 1, readings: [{ id: 'R1', point: 'A', size: 'M', piece: 1, spec: '50.0000', tolerance: '1.0000', tol_minus: '0.5000', measured: d.measured, out_of_tolerance: true }] };
        return answer();
      });
    renderApp('/scm/index/inspection?id=Q1');
    const view = await screen.findByTestId('qc-view', undefined, { timeout: 150_000 });
    expect(within(view).getByTestId('qc-severity').textContent).toBe('Tightened');
    fireEvent.click(within(view).getByTestId('qc-check-C-DROP-FAIL'));
    await waitFor(() => expect(posted(srv.calls('scmapi/inspection/check')[0])).toEqual({ id: 'Q1', version: 4, code: 'C-DROP', result: 'FAIL' }));
    await choose(within(view).getByTestId('qc-reading-chart'), 'TEE M · A Chest (50.0 +1.0000/−0.5000)');
    fireEvent.change(within(view).getByTestId('qc-reading-measured'), { target: { value: '49.4' } });
    fireEvent.click(within(view).getByTestId('qc-reading-add'));
    await waitFor(() => expect(srv.calls('scmapi/inspection/reading')).toHaveLength(1));
    expect(posted(srv.calls('scmapi/inspection/reading')[0])).toMatchObject({ point: 'A', size: 'M', style_code: 'TEE', spec: '50.0', tolerance: '1.0000', measured: '49.4' });
    await waitFor(() => expect(within(view).getByTestId('qc-readings').textContent).toContain('50.0000 +1.0000 / −0.5000'));
    // The template's catalogue is the picker's.
    await choose(within(view).getByTestId('qc-defect-code'), 'PILL · Pilling');
  });

  it('a failed inspection links the exception ticket opened on the factory\'s side (Chinese)', async () => {
    setLang('zh');
    const doc = { ...BASE, status: 'FAILED', result: 'FAIL', ticket_id: 'T1', ticket_code: 'DEMO_BRAND-TK20261201001', finished_by_name: 'Grace Ho', finished_at: '2026-12-01T09:30:00.000Z', finished_signature: SIGNED };
    signedInServer().on('GET', 'scmapi/inspection/view', () => ({ doc, sides: ['factory'], live, actions: [] }));
    renderApp('/scm/index/inspection?id=Q1');
    const view = await screen.findByTestId('qc-view', undefined, { timeout: 150_000 });
    const ticket = within(view).getByTestId('qc-ticket');
    expect(ticket.textContent).toBe('已在工厂方开立异常工单 DEMO_BRAND-TK20261201001');
    expect(ticket.querySelector('a')!.getAttribute('href')).toBe('/page/ticket/view?key=T1');
    // The inspector's signature at finish, for every party.
    const signed = within(view).getByTestId('qc-signed');
    expect(signed.textContent).toBe('Grace Ho 已签字，2026-12-01 09:30 UTC');
    expect(signed.querySelector('img')!.getAttribute('src')).toBe(SIGNED);
  });

  it('the printable report: plan, defects by class, measurements, verdict, signature — in the print language, switchable', async () => {
    const doc = { ...BASE, status: 'FAILED', result: 'FAIL', major_count: 3, finished_by_name: 'Grace Ho', finished_at: '2026-12-01T09:30:00.000Z', finished_signature: SIGNED };
    const defects = [{ id: 'D1', defect_code: 'PILL', defect_class: 'minor', qty: 1, photos: [] }, { id: 'D2', defect_code: 'HOLE', defect_class: 'major', qty: 3, photos: [] }];
    const readings = [{ id: 'R1', point: 'A', size: 'M', piece: 1, spec: '50.0000', tolerance: '1.0000', measured: '49.4000', out_of_tolerance: true }];
    signedInServer().on('GET', 'scmapi/inspection/report', () => ({ doc, lines: [{ id: 'L1', style_code: 'TEE', colour: 'White', size: 'M', qty: '160' }], defects, readings, language: 'zh' }));
    renderApp('/printpage/inspection?id=Q1');
    const report = await screen.findByTestId('qc-report', undefined, { timeout: 150_000 });
    expect(within(report).getByTestId('qc-report-plan').textContent).toBe('ISO 2859-1 一次抽样，检验水平 II，加严检验：样本字码 G，160 件中抽 32 件。');
    expect(within(report).getByTestId('qc-report-plan-major').textContent).toBe('严重2.532233');
    expect(within(report).getByTestId('qc-report-defects-major').textContent).toContain('严重 (3)');
    expect(within(report).getByTestId('qc-report-defects-minor').textContent).toContain('起球');
    expect(within(report).getByTestId('qc-report-readings').textContent).toContain('49.4');
    expect(within(report).getByTestId('qc-report-verdict').textContent).toBe('不合格 — 有缺陷类别达到拒收数');
    expect(within(report).getByTestId('qc-report-signature').textContent).toBe('检验员签字: Grace Ho  2026-12-01 09:30 UTC');
    // The inspector's drawn signature, as signed at finish.
    expect(within(report).getByTestId('qc-report-signature-image').getAttribute('src')).toBe(SIGNED);
    fireEvent.click(within(within(report).getByTestId('qc-report-lang')).getByText('English'));
    await waitFor(() => expect(within(report).getByTestId('qc-report-verdict').textContent).toBe('FAIL — a class reached its reject number'));
  });
});
