// /srm/page/admission-eval?id= : the engine's evaluation form without its score rows, and under it
// the scores. What is editable comes from the server (srmapi/admission-eval/abilities): a chosen
// reviewer scores their own rows even without the buyer role; a buyer who is no reviewer edits
// the header and concludes but sees the scores read-only (issue 13: the screen never offers what
// the server then refuses).
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Input, InputNumber, Space, Spin, Table, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  useTranslation, entityKey, DocumentPanel, entityPaths, routeEntity, LoadFailed, NoEntity, type TemplateProps, DocumentScreen,
} from '@seamline/web/engine';
import { useSrmAction, useSrmQuery, type Doc } from './api';
import './register-messages';

interface Abilities {
  edit: boolean;
  score: boolean;
  conclude: boolean;
  /** The signed-in user: their own score rows are the editable ones. */
  me: string;
  items: { item_code: string; item_name: string; weight: string }[];
}

export default function AdmissionPage(props: TemplateProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  // A new evaluation is the engine's plain form (only buyers reach Save; the server checks it).
  return id && props.kind !== 'page.view' ? <ScoredEvaluation props={props} id={id} /> : <DocumentScreen {...props} />;
}

function ScoredEvaluation({ props, id }: { props: TemplateProps; id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const entry = routeEntity(props);
  const abilities = useSrmQuery<Abilities>('admission-eval/abilities', { id });
  // The score rows live in the panel below, so the form never posts (or offers) them.
  const header = useMemo(
    () => (entry ? { ...entry, def: { ...entry.def, children: (entry.def.children ?? []).filter((c) => c.name !== 'scores') } } : undefined),
    [entry],
  );
  if (!entry || !header) return <NoEntity opt={props.opt} />;
  if (abilities.isError) return <LoadFailed onRetry={() => void abilities.refetch()} />;
  if (!abilities.data) return <Spin />;
  return (
    <>
      <DocumentPanel
        key={`${entry.def.name}:${id}`}
        entry={header}
        id={id}
        readOnly={!abilities.data.edit}
        // A conclusion or a header save changes what this user may do and the document's version.
        onSaved={() => void qc.invalidateQueries({ queryKey: ['srm'] })}
        extra={<Button onClick={() => navigate(entityPaths(entry).index)}>{t('engine.backToList')}</Button>}
      />
      <ScorePanel id={id} abilities={abilities.data} />
    </>
  );
}

/** A weight as people write it: '40.0000' → '40', '33.3300' → '33.33'. */
const plainNumber = (v: unknown) => String(v ?? '').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

function ScorePanel({ id, abilities }: { id: string; abilities: Abilities }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const doc = useSrmQuery<Doc>('admission-eval/view', { id });
  const save = useSrmAction<Doc>('admission-eval/score');
  const [mine, setMine] = useState<Record<string, { score: string | null; comment: string }>>({});
  const rows = (doc.data?.scores ?? []) as Doc[];
  const me = abilities.me;
  useEffect(() => {
    // The reviewer's stored rows fill the inputs; other reviewers' rows are only shown.
    if (!doc.data) return;
    const own: Record<string, { score: string | null; comment: string }> = {};
    for (const r of rows) if (r.reviewer_id === me) own[String(r.item_code)] = { score: r.score ?? null, comment: r.comment ?? '' };
    setMine(own);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc.data]);
  if (doc.isError) return <LoadFailed onRetry={() => void doc.refetch()} />;
  const submit = async () => {
    const scores = abilities.items
      .filter((i) => mine[i.item_code]?.score !== undefined && mine[i.item_code]?.score !== null && mine[i.item_code]?.score !== '')
      .map((i) => ({ item_code: i.item_code, score: mine[i.item_code].score, comment: mine[i.item_code].comment || null }));
    await save.mutateAsync({ id, version: doc.data?.version, scores });
    // The form above holds the document's version: it must take the new one.
    await qc.invalidateQueries({ queryKey: entityKey({ name: 'admission-eval' }) });
  };
  return (
    <Card title={t('srm.scores.title')} style={{ marginTop: 16 }} data-testid="admission-scores">
      {abilities.score ? (
        <>
          <Table
            size="small"
            rowKey="item_code"
            pagination={false}
            dataSource={abilities.items}
            data-testid="my-scores"
            // Two columns, so the score input stays on screen at a phone's width: the item with
            // its code and weight, then the score with the comment under it.
            columns={[
              {
                title: t('srm.scores.item'),
                key: 'i',
                render: (_: unknown, r: Abilities['items'][number]) => (
                  <>
                    <div>{r.item_name}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {`${r.item_code} · ${t('srm.scores.weightOf', { weight: plainNumber(r.weight) })}`}
                    </Typography.Text>
                  </>
                ),
              },
              {
                title: `${t('srm.scores.score')} / ${t('srm.scores.comment')}`,
                key: 's',
                width: 170,
                render: (_: unknown, r: Abilities['items'][number]) => (
                  <Space direction="vertical" size={4} style={{ width: '100%' }}>
                    <InputNumber<string>
                      stringMode
                      style={{ width: '100%' }}
                      aria-label={`${r.item_name} ${t('srm.scores.score')}`}
                      data-testid={`score-${r.item_code}`}
                      value={mine[r.item_code]?.score ?? null}
                      onChange={(v) => setMine((m) => ({ ...m, [r.item_code]: { comment: m[r.item_code]?.comment ?? '', score: v } }))}
                    />
                    <Input
                      maxLength={200}
                      placeholder={t('srm.scores.comment')}
                      aria-label={`${r.item_name} ${t('srm.scores.comment')}`}
                      value={mine[r.item_code]?.comment ?? ''}
                      onChange={(e) => setMine((m) => ({ ...m, [r.item_code]: { score: m[r.item_code]?.score ?? null, comment: e.target.value } }))}
                    />
                  </Space>
                ),
              },
            ]}
          />
          <Button type="primary" style={{ marginTop: 12 }} loading={save.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="save-scores">
            {t('srm.scores.save')}
          </Button>
        </>
      ) : (
        <Alert type="info" showIcon message={t('srm.scores.notReviewer')} data-testid="scores-read-only" />
      )}
      <Table
        size="small"
        rowKey="id"
        style={{ marginTop: 12 }}
        loading={doc.isFetching}
        pagination={false}
        dataSource={rows}
        data-testid="all-scores"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('srm.scores.none') }}
        columns={[
          { title: t('srm.scores.reviewer'), key: 'r', render: (_: unknown, r: Doc) => r._labels?.reviewer_id ?? '' },
          { title: t('srm.scores.item'), dataIndex: 'item_code' },
          { title: t('srm.scores.score'), dataIndex: 'score' },
          { title: t('srm.scores.comment'), dataIndex: 'comment' },
        ]}
      />
    </Card>
  );
}
