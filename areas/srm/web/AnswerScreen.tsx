// /srm/page/sourcing-answer?id= : the supplier answers another company's sourcing project —
// fills in the RFI and quotes per item with up to five tier prices. Only the supplier side sees
// the Fill-in and Quote actions (the server refuses anyone else, spec §6).
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Popconfirm, Result, Select, Space, Table, Tabs, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { CURRENCIES, MAX_LEVELS, currencyLabel, validateValue } from '@seamline/core';
import { toastError, useLang, useTranslation, LoadFailed, type TemplateProps } from '@seamline/web/engine';
import { INQUIRY_STATUS_VALUES, PUBLISH_STAGE_VALUES, RFI_STATUS_VALUES } from '../meta/fields';
import { useSrmAction, useSrmQuery, type Doc } from './api';
import './register-messages';
import { StageTag, StateTag } from './StateTag';

interface Tier {
  level: number;
  min_qty: string;
  unit_price: string;
}
interface LineDraft {
  unit_price: string;
  lead_time_days: number | null;
  tiers: Tier[];
}

export default function AnswerScreen(_props: TemplateProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  // A refusal or a missing project is the page's own message (below), not a toast as well.
  const view = useSrmQuery<Doc>('sourcing-inbox/view', { id }, !!id, [403, 404]);
  if (view.isError) {
    // A refusal is no connection problem: a brand user (no supplier menu) or a company that was
    // not invited is told so, and only a real failure offers 'retry'.
    const status = view.error?.status;
    if (status === 403 || status === 404) {
      return <Result status={status === 403 ? '403' : '404'} title={<span data-testid="answer-refused">{t(status === 403 ? 'srm.answerNotYours' : 'srm.answerNotFound')}</span>} />;
    }
    return <LoadFailed onRetry={() => void view.refetch()} />;
  }
  const v = view.data;
  if (!v) return null;
  const p = v.project;
  return (
    <Card title={`${t('srm.answer')}: ${p.code} ${p.name}`} data-testid="answer-page">
      <Descriptions size="small" bordered column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('srm.brand')}>{p.brand_name}</Descriptions.Item>
        <Descriptions.Item label={t('srm.contact')}>
          {p.contact_person} {p.contact_phone}
        </Descriptions.Item>
        <Descriptions.Item label={t('srm.duration')}>{p.duration ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('srm.rfi')}>
          <StageTag values={RFI_STATUS_VALUES} value={p.rfi_status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('srm.inquiry')}>
          <StageTag values={INQUIRY_STATUS_VALUES} value={p.inquiry_status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('srm.publishing')}>
          <StageTag values={PUBLISH_STAGE_VALUES} value={p.publish_stage} />
        </Descriptions.Item>
        <Descriptions.Item label={t('srm.invitation')}>
          <StateTag kind="invitation" value={v.invitation?.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('srm.myRfi')}>
          <StateTag kind="rfi" value={v.rfi_record?.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('srm.myQuotation')}>
          <StateTag kind="quotation" value={v.quotation?.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('srm.description')} span={3}>
          {p.description ?? '—'}
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        style={{ marginTop: 12 }}
        defaultActiveKey={p.rfi_status === 'open' && p.inquiry_status !== 'quoting' ? 'rfi' : 'quote'}
        items={[
          { key: 'quote', label: t('srm.quote'), children: <QuotePanel view={v} /> },
          { key: 'rfi', label: t('srm.fillIn'), children: <RfiPanel view={v} /> },
        ]}
      />
    </Card>
  );
}

function RfiPanel({ view }: { view: Doc }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useSrmAction<Doc>('rfi-record/save');
  const submit = useSrmAction<Doc>('rfi-record/submit');
  const rec = view.rfi_record;
  useEffect(() => {
    const answers = Object.fromEntries(((rec?.answers ?? []) as Doc[]).map((a) => [a.question_id, a.answer]));
    form.setFieldsValue({ capacity: rec?.capacity, certifications: rec?.certifications, main_customers: rec?.main_customers, remarks: rec?.remarks, answers });
  }, [rec, form]);
  const editable = view.can.fill_in;
  const body = (values: Doc) => ({
    project_id: view.project.id,
    version: rec?.version,
    capacity: values.capacity,
    certifications: values.certifications,
    main_customers: values.main_customers,
    remarks: values.remarks,
    answers: view.questions.map((q: Doc) => ({ question_id: q.id, answer: values.answers?.[q.id] ?? '' })),
  });
  return (
    <>
      {!editable && (
        <Alert type="info" showIcon message={t(rec?.status === 'submitted' ? 'srm.rfiSubmitted' : 'srm.noFillIn')} style={{ marginBottom: 12 }} data-testid="no-fill-in" />
      )}
      <Form form={form} layout="vertical" disabled={!editable} style={{ maxWidth: 720 }}>
        {view.questions.map((q: Doc) => (
          <Form.Item key={q.id} name={['answers', q.id]} label={q.question} rules={q.required ? [{ required: true, message: t('val.required') }] : []}>
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
        ))}
        <Form.Item name="capacity" label={t('srm.capacity')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Form.Item name="certifications" label={t('srm.certifications')}>
          <Input maxLength={2000} />
        </Form.Item>
        <Form.Item name="main_customers" label={t('srm.mainCustomers')}>
          <Input maxLength={2000} />
        </Form.Item>
        <Form.Item name="remarks" label={t('srm.remarks')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        {editable && (
          <Space>
            <Button data-testid="rfi-save" loading={save.isPending} onClick={() => save.mutate(body(form.getFieldsValue(true)))}>
              {t('srm.saveDraft')}
            </Button>
            <Popconfirm
              title={t('srm.submitConfirm')}
              onConfirm={async () => {
                try {
                  await form.validateFields();
                } catch {
                  toastError(t('form.correctInput'));
                  return;
                }
                const saved = await save.mutateAsync(body(form.getFieldsValue(true)));
                submit.mutate({ id: saved.id, version: saved.version });
              }}
            >
              <Button type="primary" data-testid="rfi-submit" loading={submit.isPending}>
                {t('srm.submit')}
              </Button>
            </Popconfirm>
          </Space>
        )}
      </Form>
    </>
  );
}

/** The decimal checks of the form (4 places, ≥ 0), the same the server runs. */
function decimalError(value: string, lang: 'en' | 'zh', required: boolean): string | null {
  if (!value) return required ? validateValue('', [{ type: 'required' }], lang).errorMsg : null;
  const r = validateValue(value, [{ type: 'positiveNumber' }, { type: 'maxDecimals4' }], lang);
  return r.hasError ? r.errorMsg : null;
}

/**
 * The quotation's currency: the stored one, else the one every item's expected price is in (a
 * brand may expect USD prices in a CNY project), else the project's. The supplier may change it.
 */
function quoteCurrency(view: Doc): string {
  if (view.quotation?.currency) return String(view.quotation.currency);
  const own = new Set((view.items as Doc[]).map((i) => i.currency).filter(Boolean));
  return own.size === 1 ? String([...own][0]) : String(view.project.currency ?? 'CNY');
}

/** Why the quotation cannot be edited, by its state: the true reason, not 'not open to you'. */
const QUOTE_NOTE: Record<string, string> = { posted: 'srm.quotePosted', selected: 'srm.quoteSelected' };

function QuotePanel({ view }: { view: Doc }) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSrmAction<Doc>('quotation/save');
  const postQ = useSrmAction<Doc>('quotation/post');
  const q = view.quotation;
  const [lines, setLines] = useState<Record<string, LineDraft>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [currency, setCurrency] = useState<string>(() => quoteCurrency(view));
  useEffect(() => setCurrency(quoteCurrency(view)), [view]);
  useEffect(() => {
    const init: Record<string, LineDraft> = {};
    for (const it of view.items as Doc[]) {
      const l = (q?.lines ?? []).find((x: Doc) => x.item_id === it.id);
      init[it.id] = { unit_price: l?.unit_price ?? '', lead_time_days: l?.lead_time_days ?? null, tiers: (l?.tiers ?? []).map((tr: Doc) => ({ ...tr })) };
    }
    setLines(init);
  }, [view, q]);
  const editable = view.can.quote;
  const set = (itemId: string, patch: Partial<LineDraft>) => setLines((s) => ({ ...s, [itemId]: { ...s[itemId], ...patch } }));
  const quoted = Object.entries(lines).filter(([, l]) => l.unit_price !== '');
  const problems = quoted.some(
    ([, l]) => decimalError(l.unit_price, lang, true) || l.tiers.some((tr) => decimalError(tr.min_qty, lang, true) || decimalError(tr.unit_price, lang, true)),
  );
  const body = () => ({
    project_id: view.project.id,
    version: q?.version,
    currency,
    lines: quoted.map(([item_id, l]) => ({ item_id, unit_price: l.unit_price, lead_time_days: l.lead_time_days, tiers: l.tiers })),
  });
  const check = (): boolean => {
    setShowErrors(true);
    if (problems || quoted.length === 0) {
      toastError(t('form.correctInput'));
      return false;
    }
    return true;
  };
  const err = (value: string, required: boolean) => (showErrors ? decimalError(value, lang, required) : null);
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>{t('srm.currency')}</Typography.Text>
        <Select
          data-testid="quote-currency"
          style={{ minWidth: 180 }}
          disabled={!editable}
          value={currency}
          onChange={setCurrency}
          options={CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} ${currencyLabel(c.code, lang)}` }))}
        />
      </Space>
      {!editable && <Alert type="info" showIcon message={t(QUOTE_NOTE[String(q?.status)] ?? 'srm.noQuote')} style={{ marginBottom: 12 }} data-testid="no-quote" />}
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={view.items}
        data-testid="quote-items"
        columns={[
          {
            title: t('srm.item'),
            key: 'item',
            render: (_: unknown, it: Doc) => (
              <div>
                <Typography.Text strong>{it.name}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {it.quantity ?? ''} {it.unit ?? ''} · {t('srm.expected')} {it.expected_price ?? '—'} {it.currency}
                  </Typography.Text>
                </div>
              </div>
            ),
          },
          {
            title: `${t('srm.unitPrice')} (${view.project.currency})`,
            key: 'price',
            render: (_: unknown, it: Doc) => {
              const l = lines[it.id];
              if (!l) return null;
              const e = l.unit_price !== '' ? err(l.unit_price, true) : null;
              return (
                <Form.Item validateStatus={e ? 'error' : undefined} help={e ?? undefined} style={{ margin: 0 }}>
                  <Input
                    value={l.unit_price}
                    disabled={!editable}
                    aria-label={`${t('srm.unitPrice')} ${it.name}`}
                    data-testid="quote-price"
                    inputMode="decimal"
                    onChange={(ev) => set(it.id, { unit_price: ev.target.value.trim() })}
                    style={{ width: 130 }}
                  />
                </Form.Item>
              );
            },
          },
          {
            title: t('srm.leadTime'),
            key: 'lead',
            render: (_: unknown, it: Doc) => (
              <InputNumber
                min={0}
                precision={0}
                disabled={!editable}
                value={lines[it.id]?.lead_time_days ?? null}
                aria-label={`${t('srm.leadTime')} ${it.name}`}
                data-testid="quote-lead"
                onChange={(n) => set(it.id, { lead_time_days: n === null ? null : Number(n) })}
              />
            ),
          },
          {
            title: t('srm.tiers'),
            key: 'tiers',
            render: (_: unknown, it: Doc) => {
              const l = lines[it.id];
              if (!l) return null;
              const update = (i: number, patch: Partial<Tier>) => set(it.id, { tiers: l.tiers.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
              return (
                <Space direction="vertical" size={4}>
                  {l.tiers.map((tr, i) => (
                    <Space key={tr.level} size={4}>
                      <Typography.Text>{t('srm.level')} {tr.level}</Typography.Text>
                      <Input
                        style={{ width: 100 }}
                        placeholder={t('srm.minQty')}
                        aria-label={`${t('srm.minQty')} ${tr.level}`}
                        status={err(tr.min_qty, true) ? 'error' : undefined}
                        disabled={!editable}
                        value={tr.min_qty}
                        onChange={(ev) => update(i, { min_qty: ev.target.value.trim() })}
                      />
                      <Input
                        style={{ width: 100 }}
                        placeholder={t('srm.unitPrice')}
                        aria-label={`${t('srm.unitPrice')} ${tr.level}`}
                        status={err(tr.unit_price, true) ? 'error' : undefined}
                        disabled={!editable}
                        value={tr.unit_price}
                        onChange={(ev) => update(i, { unit_price: ev.target.value.trim() })}
                      />
                      {editable && (
                        <Button
                          size="small"
                          icon={<DeleteOutlined />}
                          aria-label={`${t('srm.removeTier')} ${tr.level}`}
                          onClick={() => set(it.id, { tiers: l.tiers.filter((_x, j) => j !== i).map((x, j) => ({ ...x, level: j + 1 })) })}
                        />
                      )}
                    </Space>
                  ))}
                  {editable && (
                    <Button
                      size="small"
                      icon={<PlusOutlined />}
                      disabled={l.tiers.length >= MAX_LEVELS}
                      data-testid="add-tier"
                      onClick={() => set(it.id, { tiers: [...l.tiers, { level: l.tiers.length + 1, min_qty: '', unit_price: '' }] })}
                    >
                      {t('srm.addTier')}
                    </Button>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      {editable && (
        <Space style={{ marginTop: 12 }}>
          <Button data-testid="quote-save" loading={save.isPending} onClick={() => check() && save.mutate(body())}>
            {t('srm.saveDraft')}
          </Button>
          <Popconfirm
            title={t('srm.postConfirm')}
            onConfirm={async () => {
              if (!check()) return;
              const saved = await save.mutateAsync(body());
              postQ.mutate({ id: saved.id, version: saved.version });
            }}
          >
            <Button type="primary" data-testid="quote-post" loading={postQ.isPending}>
              {t('srm.postQuote')}
            </Button>
          </Popconfirm>
        </Space>
      )}
    </>
  );
}
