// /printpage/inspection?id= : the inspection report for print, read-only — summary, sampling plan
// (letter, sample size, Ac / Re per class, 100 % inspection noted), defects by class with their
// photos, the measurements table (out of tolerance marked), the verdict and the signature line — in
// the customer's print language (the server's choice, or ?lang=en|zh; the switch changes it). The
// PDF is the browser's 'Save as PDF'; the workbook is the server's .xlsx of the same content.
import { Alert, Button, Segmented, Space, Spin, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { pickLabel, type Lang } from '@seamline/core';
import { fileSrc, i18n, storedToken } from '@seamline/web/engine';
import { defectLabel, DEFECT_CLASSES, INSPECTION_TYPES, INSPECTOR_PARTIES, QC_STATUSES, SEVERITY_OPTIONS } from '../meta';
import { downloadReport, useQc, type Doc } from './api';
import './texts';
import './quality.css';

interface Report {
  doc: Doc;
  lines: Doc[];
  defects: Doc[];
  readings: Doc[];
  language: Lang;
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(v).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));

export default function InspectionReport() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const asked = params.get('lang');
  const report = useQc<Report>('report', { id, ...(asked === 'en' || asked === 'zh' ? { lang: asked } : {}) }, !!id);
  const [chosen, setChosen] = useState<Lang | null>(null);
  if (report.error || !id) return <Alert type="error" showIcon message={report.error?.message ?? 'id'} data-testid="qc-report-error" />;
  if (!report.data) return <Spin />;
  const { doc, lines, defects, readings } = report.data;
  const lang = chosen ?? report.data.language;
  const t = i18n.getFixedT(lang);
  const label = (list: readonly { value: string; label: { en: string; zh: string } }[], v: unknown) => {
    const hit = list.find((x) => x.value === v);
    return hit ? pickLabel(hit.label, lang) : String(v ?? '');
  };
  const plans = (doc.plans ?? {}) as Record<string, { accept: number; reject: number; sampleSize: number; planLetter?: string; fullInspection?: boolean }>;
  const counts: Record<string, number> = { critical: doc.critical_count, major: doc.major_count, minor: doc.minor_count };
  const token = storedToken() ?? '';
  return (
    <div className="qc-report" data-testid="qc-report" lang={lang === 'en' ? 'en' : 'zh-CN'}>
      <Space className="qc-noprint" wrap style={{ marginBottom: 12 }}>
        <Segmented value={lang} onChange={(v) => setChosen(v as Lang)} options={[{ value: 'en', label: 'English' }, { value: 'zh', label: '中文' }]} data-testid="qc-report-lang" />
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>{t('qc.r.print')}</Button>
        <Button onClick={() => void downloadReport(id, String(doc.code), lang)} data-testid="qc-report-xlsx">{t('qc.xlsx')}</Button>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>{t('qc.r.title')} · {doc.code}</Typography.Title>

      <h2>{t('qc.r.summary')}</h2>
      <table data-testid="qc-report-summary">
        <tbody>
          <tr><th>{t('qc.order')}</th><td>{doc.order_code}</td><th>{t('qc.type')}</th><td>{label(INSPECTION_TYPES, doc.inspection_type)}</td></tr>
          <tr><th>{t('qc.brand')}</th><td>{doc.brand_name}</td><th>{t('qc.factory')}</th><td>{doc.factory_name}</td></tr>
          <tr><th>{t('qc.inspector')}</th><td>{`${doc.inspector_name} (${label(INSPECTOR_PARTIES, doc.inspector_party)})`}</td><th>{t('qc.date')}</th><td>{doc.inspection_date}</td></tr>
          <tr><th>{t('qc.status')}</th><td>{label(QC_STATUSES, doc.status)}</td><th>{t('qc.lot')}</th><td>{num(doc.lot_size)}</td></tr>
        </tbody>
      </table>
      <table style={{ marginTop: 8 }}>
        <thead><tr><th>{t('qc.style')}</th><th>{t('qc.r.colour')}</th><th>{t('qc.size')}</th><th>{t('qc.qty')}</th></tr></thead>
        <tbody>{lines.map((l) => <tr key={l.id}><td>{l.style_code}</td><td>{l.colour}</td><td>{l.size}</td><td className="qc-num">{num(l.qty)}</td></tr>)}</tbody>
      </table>

      <h2>{t('qc.r.plan')}</h2>
      <p data-testid="qc-report-plan">
        {t('qc.r.planLine', { level: doc.level, letter: doc.code_letter, size: doc.sample_size, lot: num(doc.lot_size), severity: label(SEVERITY_OPTIONS, doc.severity ?? 'normal') })}
        {Object.values(plans).some((p) => p.fullInspection) ? ` ${t('qc.r.full')}` : ''}
      </p>
      <table>
        <thead><tr><th>{t('qc.r.class')}</th><th>AQL</th><th>{t('qc.sample')}</th><th>Ac</th><th>Re</th><th>{t('qc.r.found')}</th></tr></thead>
        <tbody>
          {DEFECT_CLASSES.filter((c) => plans[c]).map((c) => (
            <tr key={c} data-testid={`qc-report-plan-${c}`}>
              <td>{t(`qc.class.${c}`)}</td><td>{num(doc[`aql_${c}`])}</td><td className="qc-num">{plans[c]!.sampleSize}</td>
              <td className="qc-num">{plans[c]!.accept}</td><td className="qc-num">{plans[c]!.reject}</td><td className="qc-num">{counts[c] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>{t('qc.defects')}</h2>
      {DEFECT_CLASSES.map((c) => {
        const list = defects.filter((d) => d.defect_class === c);
        if (list.length === 0) return null;
        return (
          <section key={c} data-testid={`qc-report-defects-${c}`}>
            <h3>{t(`qc.class.${c}`)} ({list.reduce((n, d) => n + Number(d.qty), 0)})</h3>
            <table>
              <tbody>
                {list.map((d) => {
                  const name = defectLabel(doc.catalogue, d.defect_code);
                  return (
                    <tr key={d.id}>
                      <td>{d.defect_code}</td><td>{name ? pickLabel(name, lang) : ''}</td><td className="qc-num">× {d.qty}</td><td>{d.note ?? ''}</td>
                      <td>{((d.photos as string[] | null) ?? []).map((p) => <img key={p} src={fileSrc(p, token)} alt={d.defect_code} className="qc-report-photo" />)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        );
      })}
      {defects.length === 0 && <p>{t('qc.r.noDefects')}</p>}

      <h2>{t('qc.measurements')}</h2>
      {readings.length === 0 ? <p>{t('qc.r.noReadings')}</p> : (
        <table data-testid="qc-report-readings">
          <thead><tr><th>{t('qc.point')}</th><th>{t('qc.size')}</th><th>{t('qc.piece')}</th><th>{t('qc.spec')}</th><th>{t('qc.tol')}</th><th>{t('qc.measured')}</th><th>{t('qc.out')}</th></tr></thead>
          <tbody>
            {readings.map((r) => (
              <tr key={r.id} className={r.out_of_tolerance ? 'qc-out' : undefined}>
                <td>{r.point}</td><td>{r.size}</td><td className="qc-num">{r.piece}</td><td className="qc-num">{num(r.spec)}</td><td className="qc-num">{num(r.tolerance)}</td>
                <td className="qc-num">{num(r.measured)}</td><td>{r.out_of_tolerance ? '✗' : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t('qc.r.verdict')}</h2>
      <p data-testid="qc-report-verdict" className={doc.result === 'FAIL' ? 'qc-out' : undefined}>
        {doc.result === 'PASS' ? t('qc.r.pass') : doc.result === 'FAIL' ? t('qc.r.fail') : t('qc.r.pending')}
        {doc.override_reason ? ` — ${t('qc.override', { reason: doc.override_reason })}` : ''}
      </p>
      {doc.comment && <p>{`${t('qc.comment')}: ${doc.comment}`}</p>}
      <div className="qc-signature" data-testid="qc-report-signature">
        <p>{t('qc.r.signature')}: {doc.finished_by_name ?? '________________'}{doc.finished_at ? `  ${String(doc.finished_at).slice(0, 16).replace('T', ' ')} UTC` : ''}</p>
        {/* The drawn signature the inspector gave at finish (a PNG data URL checked by the server). */}
        {typeof doc.finished_signature === 'string' && doc.finished_signature.startsWith('data:image/png;base64,') && (
          <img className="qc-signature-image" src={doc.finished_signature} alt={t('qc.r.signature')} data-testid="qc-report-signature-image" />
        )}
      </div>
    </div>
  );
}
