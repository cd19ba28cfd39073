// The supplier evaluation's quality proposal (issue 25, QF-07): the vendor KPI's inspection figures
// of the period become first-pass yield and defects-per-100 KPI rows with proposed scores the
// evaluator can change; nothing is saved until the evaluator takes them.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { posted, renderApp, signedInServer } from '@seamline/web/testing';
import { proposeQualityKpis } from './qualityKpis';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => setLang('en'));

describe('proposeQualityKpis', () => {
  it('adds both rows with exact scores, keeps an existing row\'s weight (named in either language)', () => {
    const kpis = [{ kpi: 'On-time delivery', weight: '50', score: '70' }, { kpi: '一次检验合格率(%)', weight: '30', score: '10' }];
    expect(proposeQualityKpis(kpis, { first_pass_yield: '66.6667', defects_per_100: '2.5000' }, 'en')).toEqual([
      { kpi: 'On-time delivery', weight: '50', score: '70' },
      { kpi: '一次检验合格率(%)', weight: '30', score: '66.67', actual: '66.67 %' },
      { kpi: 'Defects per 100 pieces', weight: '20', score: '97.50', actual: '2.50' },
    ]);
  });
  it('scores 0 at 100 or more defects per 100 pieces and proposes nothing without figures', () => {
    expect(proposeQualityKpis([], { defects_per_100: '140.0000' }, 'zh')).toEqual([{ kpi: '每百件缺陷数', weight: '20', score: '0.00', actual: '140.00' }]);
    expect(proposeQualityKpis([], { first_pass_yield: null, defects_per_100: null }, 'en')).toEqual([]);
  });
});

const EVAL = { id: 'E1', version: 3, vendor_id: 'V1', period: '2026-11', status: '0', kpis: [{ id: 'K1', kpi: 'On-time delivery', weight: '50', score: '70' }] };

describe('the supplier evaluation screen', () => {
  it('shows the period\'s inspection figures in Chinese and saves them as KPI rows on request', async () => {
    setLang('zh');
    let doc: Record<string, unknown> = EVAL;
    const srv = signedInServer()
      .on('GET', 'srmapi/supplier-eval/view', () => doc)
      .on('GET', 'scmapi/vendor-kpi/figures', () => ({ first_pass_yield: '80.0000', defects_per_100: '3.2500', inspections: 5 }))
      .on('POST', 'srmapi/supplier-eval/save', (req) => (doc = { ...doc, version: 4, kpis: posted(req).kpis }));
    renderApp('/srm/page/supplier-eval?id=E1');
    const panel = await screen.findByTestId('srm-eval-quality', undefined, { timeout: 20_000 });
    expect(panel.textContent).toContain('验货质量数据（2026-11）');
    expect(panel.textContent).toContain('80.00 %');
    expect(srv.calls('scmapi/vendor-kpi/figures')[0]!.url).toContain('vendor_id=V1');
    expect(srv.calls('srmapi/supplier-eval/save')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByTestId('srm-eval-quality-take')));
    await waitFor(() => expect(srv.calls('srmapi/supplier-eval/save')).toHaveLength(1));
    expect(posted(srv.calls('srmapi/supplier-eval/save')[0]!)).toMatchObject({
      id: 'E1',
      version: 3,
      kpis: [
        { kpi: 'On-time delivery', weight: '50', score: '70' },
        { kpi: '一次检验合格率(%)', weight: '20', score: '80.00', actual: '80.00 %' },
        { kpi: '每百件缺陷数', weight: '20', score: '96.75', actual: '3.25' },
      ],
    });
  });
});
