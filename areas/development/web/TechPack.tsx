// /printpage/tech-pack?id=<style> : the style's tech pack for print — images, colourways,
// composition, each BOM with its cost per colourway, each measurement chart graded over every
// size — in English or Chinese (the switch, or ?lang=en|zh, independent of the UI language). The
// PDF is the browser's own 'Save as PDF' of this page (print CSS below): no server-side renderer,
// and Chinese prints with the system's CJK fonts (docs/development.md 'Tech pack').
import { useState } from 'react';
import { Alert, Button, Segmented, Space, Spin, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { formatAmount, formatQuantity, pickLabel, type Lang } from '@seamline/core';
import { i18n, useLang } from '@seamline/web/engine';
import { COMPOSITION_SLOTS } from '../meta/composition';
import { BOM_STATUS } from '../meta/bom';
import { FIBRE_OPTIONS } from '../meta/fields';
import { STYLE_STATUS } from '../meta/style';
import { usePlmQuery, type Doc } from './api';
import { costText, imageSrc } from './shared';
import './register-messages';
import './development.css';

const num = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(v).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));

export default function TechPack() {
  const [params] = useSearchParams();
  const uiLang = useLang();
  const [lang, setLang] = useState<Lang>(params.get('lang') === 'en' ? 'en' : params.get('lang') === 'zh' ? 'zh' : uiLang);
  const id = params.get('id');
  const pack = usePlmQuery<Doc>('style/tech-pack', { id }, !!id);
  const t = i18n.getFixedT(lang);
  if (pack.isError || !id) return <Alert type="error" showIcon message={t('plm.saveFirst')} />;
  if (!pack.data) return <Spin />;
  const { style, season, size_range: range, colourways, boms, charts } = pack.data as Doc;
  const fibre = (v: string) => pickLabel(FIBRE_OPTIONS.find((f) => f.value === v)?.label ?? { en: v, zh: v }, lang);
  const colourName = (c: Doc) => (lang === 'en' ? c.name_en : c.name_zh);
  const statusLabel = (list: Array<{ value: string; label: { en: string; zh: string } }>, v: string) => pickLabel(list.find((x) => x.value === v)?.label ?? { en: v, zh: v }, lang);
  const composition = COMPOSITION_SLOTS.filter((n) => style[`fibre_${n}`]).map((n) => `${num(style[`percent_${n}`])}% ${fibre(style[`fibre_${n}`])}`).join(', ');
  return (
    <div className="plm-techpack" data-testid="tech-pack" lang={lang === 'en' ? 'en' : 'zh-CN'}>
      <Space className="plm-noprint" wrap style={{ marginBottom: 12 }}>
        <Segmented value={lang} onChange={(v) => setLang(v as Lang)} options={[{ value: 'en', label: 'English' }, { value: 'zh', label: '中文' }]} data-testid="tech-pack-lang" />
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="tech-pack-print">
          {t('plm.print')}
        </Button>
        <Typography.Text type="secondary">{t('plm.pdfHint')}</Typography.Text>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('plm.techPack')} · {style.code} {style.name}
      </Typography.Title>
      <table>
        <tbody>
          <tr>
            <th>{t('plm.season')}</th>
            <td>{season ? `${season.code} ${season.name}` : ''}</td>
            <th>{t('plm.sizeRange')}</th>
            <td>{range ? `${range.name} (${range.base_size})` : ''}</td>
            <th>{t('plm.status')}</th>
            <td>{statusLabel(STYLE_STATUS, style.status)}</td>
          </tr>
          <tr>
            <th>{t('plm.composition')}</th>
            <td colSpan={5} data-testid="tech-pack-composition">{composition}</td>
          </tr>
        </tbody>
      </table>
      {style.image || style.image_back ? (
        <div className="plm-images" style={{ marginTop: 8 }}>
          {style.image ? <img src={imageSrc(style.image)} alt={style.code} data-testid="techpack-image" /> : null}
          {style.image_back ? <img src={imageSrc(style.image_back)} alt={`${style.code} back`} /> : null}
        </div>
      ) : null}
      <h2>{t('plm.colourways')}</h2>
      <table>
        <tbody>
          {colourways.map((c: Doc) => (
            <tr key={c.colour_id}>
              <td style={{ width: 28 }}>
                <span className="plm-swatch" style={{ background: c.hex }} />
              </td>
              <td>{c.code}</td>
              <td>{colourName(c)}</td>
              <td>{c.reference ?? ''}</td>
              <td>{c.hex}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {boms.map((b: Doc) => (
        <section key={b.id}>
          <h2>
            {t('plm.bom')} {b.code} · {statusLabel(BOM_STATUS, b.status)} · {b.currency}
          </h2>
          <table>
            <thead>
              <tr>
                <th>{t('plm.material')}</th>
                <th>{t('plm.colourway')}</th>
                <th>{t('plm.placement')}</th>
                <th>{t('plm.consumption')}</th>
                <th>{t('plm.wastage')}</th>
                <th>{t('plm.price')}</th>
              </tr>
            </thead>
            <tbody>
              {b.lines.map((l: Doc) => (
                <tr key={l.id}>
                  <td>
                    {l.material_code} {l.material_name}
                  </td>
                  <td>{l.colour_code ?? t('plm.allColourways')}</td>
                  <td>{l.placement ?? ''}</td>
                  <td>{formatQuantity(l.consumption, l.unit, lang)}</td>
                  <td>{formatQuantity(l.wastage_pct, 'PCT', lang)}</td>
                  <td>{formatAmount(l.price, l.currency, lang)}</td>
                </tr>
              ))}
              {b.cost.map((c: Doc) => {
                const cw = colourways.find((x: Doc) => x.colour_id === c.colour_id);
                return (
                  <tr key={c.colour_id}>
                    <th colSpan={5}>
                      {t('plm.cost')}: {cw ? `${cw.code} ${colourName(cw)}` : ''}
                    </th>
                    <th data-testid={`tech-pack-cost-${cw?.code}`}>{costText(c.totals, lang, b.currency)}</th>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ))}
      {charts.map((c: Doc) => {
        const sizes: string[] = c.sizes?.sizes ?? [];
        return (
          <section key={c.id}>
            <h2>
              {t('plm.chart')} {c.code} ({c.unit})
            </h2>
            <table data-testid="tech-pack-chart">
              <thead>
                <tr>
                  <th>{t('plm.pom')}</th>
                  <th>{t('plm.tol')}</th>
                  {sizes.map((s) => (
                    <th key={s}>{s === c.sizes?.base ? `${s} *` : s}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {c.points.map((p: Doc) => (
                  <tr key={p.id}>
                    <td>
                      {p.pom_code} {p.description} {p.critical ? `(${t('plm.critical')})` : ''}
                    </td>
                    <td>
                      +{num(p.tol_plus)}/−{num(p.tol_minus)}
                    </td>
                    {sizes.map((s) => (
                      <td key={s}>{p.graded?.[s] ?? ''}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
