// The supplier evaluation's panel of inspection figures (./qualityKpis.tsx registers it).
import { Alert, Button, Descriptions } from 'antd';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isDecimal, roundDec } from '@seamline/core';
import { api, useLang, useTranslation, type Row } from '@seamline/web/engine';
import { proposeQualityKpis, type QualityFigures } from './qualityKpis';
import './register-messages';

export default function QualityProposal({ doc, refresh }: { doc: Row; refresh: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const period = String(doc.period ?? '').trim().toUpperCase();
  const figures = useQuery<QualityFigures>({
    queryKey: ['srm-eval-quality', doc.vendor_id, period],
    queryFn: () => api.get<QualityFigures>('scmapi/vendor-kpi/figures', { vendor_id: doc.vendor_id, period }),
    enabled: !!doc.vendor_id && /^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/.test(period),
    retry: false,
  });
  if (!figures.data) return null;
  const f = figures.data;
  const has = isDecimal(f.first_pass_yield) || isDecimal(f.defects_per_100);
  const take = async () => {
    setBusy(true);
    try {
      await api.post('srmapi/supplier-eval/save', { DATA: JSON.stringify({ id: doc.id, version: doc.version, kpis: proposeQualityKpis(Array.isArray(doc.kpis) ? (doc.kpis as Row[]) : [], f, lang) }) });
      await refresh();
    } catch {
      // the request client has shown the refusal in the user's language
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert type="info" style={{ margin: '12px 0' }} data-testid="srm-eval-quality"
      message={t('srm.qualityFigures', { period })}
      description={
        has ? (
          <>
            <Descriptions size="small" column={{ xs: 1, sm: 3 }} items={[
              { key: 'fpy', label: t('srm.firstPassYield'), children: isDecimal(f.first_pass_yield) ? `${roundDec(f.first_pass_yield, 2)} %` : '—' },
              { key: 'd', label: t('srm.defectsPer100'), children: isDecimal(f.defects_per_100) ? roundDec(f.defects_per_100, 2) : '—' },
              { key: 'n', label: t('srm.inspections'), children: String(f.inspections ?? 0) },
            ]} />
            <div style={{ marginTop: 8 }}>{t('srm.qualityProposeHint')}</div>
            <Button type="primary" loading={busy} onClick={take} style={{ marginTop: 8, minHeight: 40 }} data-testid="srm-eval-quality-take">{t('srm.qualityPropose')}</Button>
          </>
        ) : t('srm.qualityNone')
      }
    />
  );
}

