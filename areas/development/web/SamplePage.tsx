// /dev/page/sampling?id= : one sample request, worked on by both companies at once. The supplier
// enters measured values per point of measure; the brand writes fit comments and approves or asks
// for another round. A measured value outside spec − tol⁻ … spec + tol⁺ is highlighted on both
// screens; the other side's steps arrive live (PLM notifications refetch the request).
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Image, Input, Space, Table, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLabel, subDec } from '@seamline/core';
import { useLang } from '@seamline/web/engine';
import { SAMPLE_TYPES } from '../meta/fields';
import { withinTolerance } from '../meta/grading';
import { usePlmAction, usePlmLive, usePlmQuery, type Doc } from './api';
import { imageSrc, StateTag } from './shared';

const num = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(v).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));

export default function SamplePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const q = usePlmQuery<Doc>('sampling/view', { id }, !!id);
  usePlmLive(id, () => void q.refetch());
  const s = q.data;
  const [measured, setMeasured] = useState<Record<string, string>>({});
  const [comments, setComments] = useState<Record<string, string>>({});
  // A new version of the request (ours or the other side's) resets the local edits.
  useEffect(() => {
    if (!s) return;
    setMeasured(Object.fromEntries(s.points.map((p: Doc) => [p.id, num(p.measured)])));
    setComments(Object.fromEntries(s.points.map((p: Doc) => [p.id, p.comment ?? ''])));
  }, [s?.id, s?.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const measure = usePlmAction('sampling/measure');
  const comment = usePlmAction('sampling/comment');
  const approve = usePlmAction('sampling/approve');
  const rework = usePlmAction('sampling/rework');
  if (!id || q.isError) return <Alert type="error" showIcon message={t('plm.saveFirst')} />;
  if (!s) return <Card loading />;
  const points: Doc[] = s.points;
  const outCount = points.filter((p) => withinTolerance(p.spec, p.tol_plus, p.tol_minus, s.can.measure ? measured[p.id] : p.measured) === false).length;
  const pointsOf = (map: Record<string, string>, key: string) => points.map((p) => ({ id: p.id, [key]: map[p.id] ?? '' }));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sample-page">
      <Card
        title={
          <Space wrap>
            <span data-testid="sample-code">{s.code}</span>
            <StateTag status={s.status} />
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
          <Descriptions.Item label={t('plm.style')}>
            {s.style_code} {s.style_name}
          </Descriptions.Item>
          <Descriptions.Item label={t('plm.type')}>{pickLabel(SAMPLE_TYPES.find((x) => x.value === s.sample_type)?.label ?? { en: s.sample_type, zh: s.sample_type }, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('plm.size')}>
            {s.size_code} ({s.unit})
          </Descriptions.Item>
          <Descriptions.Item label={t('plm.brand')}>{s.brand_name}</Descriptions.Item>
          <Descriptions.Item label={t('plm.supplier')}>{s.supplier_name}</Descriptions.Item>
          <Descriptions.Item label={t('plm.round')}>{s.round}</Descriptions.Item>
          <Descriptions.Item label={t('plm.due')}>{s.due_date ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('plm.remarks')}>{s.brand_remarks ?? ''}</Descriptions.Item>
          {s.style_image ? (
            <Descriptions.Item label={t('plm.style')}>
              <Image src={imageSrc(s.style_image)} width={64} data-testid="sample-style-image" />
            </Descriptions.Item>
          ) : null}
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('plm.liveHint')}
        </Typography.Paragraph>
      </Card>
      <Card
        title={
          <Space wrap>
            {t('plm.pom')}
            {outCount > 0 ? (
              <Tag color="red" data-testid="out-count">
                {t('plm.outCount', { n: outCount })}
              </Tag>
            ) : null}
          </Space>
        }
      >
        <Table<Doc>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={points}
          data-testid="sample-points"
          columns={[
            {
              key: 'pom',
              title: t('plm.pom'),
              render: (_v, p) => (
                <Space size={4}>
                  <b>{p.pom_code}</b> {p.description}
                  {p.critical ? <Tag color="magenta">{t('plm.critical')}</Tag> : null}
                </Space>
              ),
            },
            { key: 'spec', title: t('plm.spec'), render: (_v, p) => num(p.spec) },
            { key: 'tol', title: t('plm.tol'), render: (_v, p) => `+${num(p.tol_plus)} / −${num(p.tol_minus)}` },
            {
              key: 'measured',
              title: t('plm.measured'),
              onCell: (p) => {
                const ok = withinTolerance(p.spec, p.tol_plus, p.tol_minus, s.can.measure ? measured[p.id] : p.measured);
                return { className: ok === false ? 'plm-oot' : undefined, 'data-testid': `measured-${p.pom_code}`, 'data-oot': ok === false ? '1' : '0' } as never;
              },
              render: (_v, p) =>
                s.can.measure ? (
                  <Input
                    size="small"
                    style={{ width: 90 }}
                    inputMode="decimal"
                    value={measured[p.id] ?? ''}
                    onChange={(e) => setMeasured((m) => ({ ...m, [p.id]: e.target.value }))}
                    aria-label={`${t('plm.measured')} ${p.pom_code}`}
                    data-testid={`measure-input-${p.pom_code}`}
                  />
                ) : (
                  <span>
                    {num(p.measured)}
                    {withinTolerance(p.spec, p.tol_plus, p.tol_minus, p.measured) === false ? ` · ${t('plm.outOfTolerance')}` : ''}
                  </span>
                ),
            },
            {
              key: 'diff',
              title: t('plm.diff'),
              render: (_v, p) => {
                const m = s.can.measure ? measured[p.id] : p.measured;
                if (m === null || m === undefined || m === '' || Number.isNaN(Number(m))) return '';
                const d = num(subDec(String(m), p.spec));
                return d.startsWith('-') ? d : d === '0' ? '0' : `+${d}`;
              },
            },
            {
              key: 'comment',
              title: t('plm.comment'),
              render: (_v, p) =>
                s.can.comment ? (
                  <Input
                    size="small"
                    style={{ minWidth: 160 }}
                    value={comments[p.id] ?? ''}
                    onChange={(e) => setComments((c) => ({ ...c, [p.id]: e.target.value }))}
                    data-testid={`comment-input-${p.pom_code}`}
                  />
                ) : (
                  (p.comment ?? '')
                ),
            },
          ]}
        />
        <Space wrap style={{ marginTop: 12 }}>
          {s.can.measure ? (
            <>
              <Button loading={measure.isPending} onClick={() => measure.mutate({ id: s.id, version: s.version, points: pointsOf(measured, 'measured') })} data-testid="save-measurements">
                {t('plm.saveMeasurements')}
              </Button>
              <Button type="primary" loading={measure.isPending} onClick={() => measure.mutate({ id: s.id, version: s.version, points: pointsOf(measured, 'measured'), submit: true })} data-testid="submit-measurements">
                {t('plm.submitMeasurements')}
              </Button>
            </>
          ) : null}
          {s.can.comment ? (
            <Button loading={comment.isPending} onClick={() => comment.mutate({ id: s.id, version: s.version, points: pointsOf(comments, 'comment') })} data-testid="save-comments">
              {t('plm.saveComments')}
            </Button>
          ) : null}
          {s.can.decide ? (
            <>
              <Button type="primary" loading={approve.isPending} onClick={() => approve.mutate({ id: s.id, version: s.version })} data-testid="approve-sample">
                {t('plm.approve')}
              </Button>
              <Button danger loading={rework.isPending} onClick={() => void rework.mutateAsync({ id: s.id, version: s.version }).then((next) => navigate(`/dev/page/sampling?id=${next.id}`))} data-testid="rework-sample">
                {t('plm.rework')}
              </Button>
            </>
          ) : null}
        </Space>
      </Card>
    </Space>
  );
}
