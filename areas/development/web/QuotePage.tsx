// /dev/page/quote?id= : the supplier's costing of a style (material, labour, overhead, margin) with
// tier prices by quantity, levels 1–5 (no sixth); the brand accepts or declines. Live both ways.
import { useEffect } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Space, Table } from 'antd';
import { PlusOutlined, DeleteOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { quotePrice } from '../meta/costing';
import { applyServerErrors, FieldErrorsError, useLang, useNumbers } from '@seamline/web/engine';
import { usePlmAction, usePlmLive, usePlmQuery, type Doc } from './api';
import { StateTag } from './shared';

const COST_FIELDS = ['material_cost', 'labour_cost', 'overhead_cost', 'margin_pct'] as const;
const LABELS: Record<string, string> = { material_cost: 'plm.materialCost', labour_cost: 'plm.labourCost', overhead_cost: 'plm.overheadCost', margin_pct: 'plm.margin' };

export default function QuotePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const n = useNumbers();
  const [params] = useSearchParams();
  const id = params.get('id');
  const q = usePlmQuery<Doc>('quote/view', { id }, !!id);
  usePlmLive(id, () => void q.refetch());
  const [form] = Form.useForm();
  const doc = q.data;
  useEffect(() => {
    if (doc) form.setFieldsValue({ ...doc, tiers: doc.tiers ?? [] });
  }, [doc?.id, doc?.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = usePlmAction('quote/save');
  const submit = usePlmAction('quote/submit');
  const accept = usePlmAction('quote/accept');
  const decline = usePlmAction('quote/decline');
  const values = Form.useWatch([], form) ?? {};
  if (!id || q.isError) return <Alert type="error" showIcon message={t('plm.saveFirst')} />;
  if (!doc) return <Card loading />;
  const editable = doc.can.quote;
  const send = async (action: typeof save, extra: Doc = {}) => {
    const v = form.getFieldsValue();
    try {
      await action.mutateAsync({ id: doc.id, version: doc.version, ...v, ...extra });
    } catch (e) {
      if (e instanceof FieldErrorsError) applyServerErrors(form, e.errors as never, lang);
    }
  };
  const preview = (() => {
    try {
      return quotePrice(values);
    } catch {
      return { price: '' }; // a half-typed number
    }
  })();
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="quote-page">
      <Card title={<Space>{doc.code}<StateTag status={doc.status} /></Space>}>
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('plm.style')}>{doc.style_code} {doc.style_name}</Descriptions.Item>
          <Descriptions.Item label={t('plm.brand')}>{doc.brand_name}</Descriptions.Item>
          <Descriptions.Item label={t('plm.supplier')}>{doc.supplier_name}</Descriptions.Item>
          <Descriptions.Item label={t('plm.qty')}>{n.qty(doc.qty, 'PCS')}</Descriptions.Item>
          <Descriptions.Item label={t('plm.due')}>{doc.due_date ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('plm.unitPrice')}>
            <b data-testid="quote-price">{n.amount(editable ? preview.price : doc.unit_price, doc.currency)}</b>
          </Descriptions.Item>
          {!editable && doc.qty && doc.price_at_qty ? (
            // What the quote asks for its own quantity: the supplier's tier there, if any (issue 23).
            <Descriptions.Item label={t('plm.priceAtQty', { qty: n.num(doc.qty, 'PCS') })}>
              <b data-testid="quote-price-at-qty">{n.amount(doc.price_at_qty, doc.currency)}</b>
              {doc.price_tier ? <span> · {t('plm.level')} {doc.price_tier}</span> : null}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <Card>
        <Form form={form} layout="vertical" disabled={!editable}>
          <Space wrap>
            {COST_FIELDS.map((f) => (
              <Form.Item key={f} name={f} label={t(LABELS[f])}>
                <Input inputMode="decimal" style={{ width: 140 }} data-testid={`quote-${f}`} />
              </Form.Item>
            ))}
            <Form.Item name="lead_time_days" label={t('plm.leadTime')}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </Space>
          <Form.List name="tiers">
            {(fields, { add, remove }) => (
              <>
                <Table
                  size="small"
                  pagination={false}
                  rowKey="key"
                  scroll={{ x: 'max-content' }}
                  dataSource={fields}
                  title={() => t('plm.tiers')}
                  data-testid="quote-tiers"
                  columns={[
                    { key: 'level', title: t('plm.level'), render: (_v, f) => <Form.Item name={[f.name, 'level']} noStyle><InputNumber min={1} max={5} precision={0} /></Form.Item> },
                    { key: 'min', title: t('plm.minQty'), render: (_v, f) => <Form.Item name={[f.name, 'min_qty']} noStyle><Input style={{ width: 120 }} /></Form.Item> },
                    { key: 'price', title: t('plm.unitPrice'), render: (_v, f) => <Form.Item name={[f.name, 'unit_price']} noStyle><Input style={{ width: 120 }} /></Form.Item> },
                    { key: 'x', title: '', render: (_v, f) => (editable ? <Button size="small" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="remove" /> : null) },
                  ]}
                />
                {/* Levels run 1 to 5: the add button goes once five tiers exist (spec §9). */}
                {editable && fields.length < 5 ? (
                  <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add({ level: fields.length + 1 })} data-testid="add-tier">
                    {t('plm.addTier')}
                  </Button>
                ) : null}
              </>
            )}
          </Form.List>
          <Form.Item name="supplier_remarks" label={t('plm.remarks')} style={{ marginTop: 12 }}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
        <Space wrap>
          {editable ? (
            <>
              <Button onClick={() => void send(save)} loading={save.isPending} data-testid="save-quote">{t('plm.saveQuote')}</Button>
              <Button type="primary" onClick={() => void send(submit)} loading={submit.isPending} data-testid="submit-quote">{t('plm.submitQuote')}</Button>
            </>
          ) : null}
          {doc.can.decide ? (
            <>
              <Button type="primary" onClick={() => accept.mutate({ id: doc.id, version: doc.version })} data-testid="accept-quote">{t('plm.accept')}</Button>
              <Button danger onClick={() => decline.mutate({ id: doc.id, version: doc.version })}>{t('plm.decline')}</Button>
            </>
          ) : null}
        </Space>
      </Card>
    </Space>
  );
}
