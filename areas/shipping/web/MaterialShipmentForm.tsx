// The shipment form of a mill (issue 27): a notice whose lines ship the material orders a buyer
// placed on this company and this company confirmed. Each line picks one open material (order ×
// material, from scmapi/shipment/material-orders) and shows its unit and what is still open; the
// quantity is checked before posting — a number of at most 4 places, whole for a counted unit
// (rolls, cones), and never more than is open, counting every line of the form that ships the
// same material. The server checks the same again on save (areas/shipping/server/materials.ts).
// The draft it saves opens in the engine's shipment form, for weights, labels and Ship.
import { Button, Drawer, Empty, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { addDec, compareDec, formatQuantity, isDecimal, unitLabel, unitProblem } from '@seamline/core';
import { ApiError, FieldErrorsError, applyServerErrors, toastSuccess, useLang, useTranslation } from '@seamline/web/engine';
import { postShipping, useShippingQuery, useShippingRefresh, type Doc } from './api';
import './texts';

/** One open material of a confirmed material order, as the server lists it. */
export interface OpenMaterial {
  material_order_id: string;
  code: string;
  buyer_name: string;
  material_code: string;
  unit: string;
  ordered: string;
  open: string;
}

interface LineValues {
  carton_no?: number;
  pick?: string;
  qty?: string;
}

const keyOf = (m: OpenMaterial) => `${m.material_order_id}|${m.material_code}`;
const DECIMAL_4 = /^\d+(\.\d{1,4})?$/;

/**
 * Why this line's quantity cannot ship, or null: blank, not a number of ≤ 4 places, not above
 * zero, a fraction of a counted unit, or — with the other lines of the same material — more
 * than is open.
 */
export function qtyProblem(t: (key: string, params?: Record<string, unknown>) => string, lang: string, lines: LineValues[], index: number, open: Map<string, OpenMaterial>): string | null {
  const line = lines[index] ?? {};
  const qty = String(line.qty ?? '').trim();
  if (!qty) return t('shipping.material.qtyRequired');
  if (!DECIMAL_4.test(qty) || !isDecimal(qty)) return t('shipping.material.qtyNumber');
  if (compareDec(qty, '0') <= 0) return t('shipping.material.qtyPositive');
  const m = line.pick ? open.get(line.pick) : undefined;
  if (!m) return null;
  if (unitProblem(qty, m.unit)) return t('shipping.material.whole', { unit: unitLabel(m.unit, lang) });
  const same = lines.filter((l) => l?.pick === line.pick).map((l) => String(l.qty ?? '').trim()).filter((v) => DECIMAL_4.test(v));
  const total = addDec('0', ...same);
  if (compareDec(total, m.open) > 0)
    return t('shipping.material.over', { open: formatQuantity(m.open, m.unit, lang), code: m.code, material: m.material_code, total: formatQuantity(total, m.unit, lang) });
  return null;
}

export function MaterialShipmentForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const refresh = useShippingRefresh();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const list = useShippingQuery<OpenMaterial[]>('shipment/material-orders', {}, open);
  const materials = new Map((list.data ?? []).map((m) => [keyOf(m), m]));
  const lines: LineValues[] = Form.useWatch('lines', form) ?? [];

  const submit = async (v: { code?: string; carrier?: string; tracking_ref?: string; planned_ship_date?: string; lines: LineValues[] }) => {
    const picked = v.lines.map((l) => ({ l, m: materials.get(String(l.pick))! }));
    const cartons = [...new Set(v.lines.map((l) => Number(l.carton_no)))].sort((a, b) => a - b);
    setBusy(true);
    try {
      const saved = await postShipping('shipment/save', {
        ...(v.code?.trim() ? { code: v.code.trim() } : {}),
        carrier: v.carrier?.trim() || null,
        tracking_ref: v.tracking_ref?.trim() || null,
        planned_ship_date: v.planned_ship_date || null,
        cartons: cartons.map((carton_no) => ({ carton_no })),
        lines: picked.map(({ l, m }) => ({ carton_no: Number(l.carton_no), material_order_id: m.material_order_id, style_code: m.material_code, qty: String(l.qty).trim() })),
      });
      const id = String((saved as Doc).id ?? (saved as Doc[])[0]?.id ?? '');
      toastSuccess(t('shipping.saved'));
      void refresh();
      form.resetFields();
      onClose();
      if (id) navigate(`/scm/page/shipment?id=${encodeURIComponent(id)}`);
    } catch (err) {
      // Field errors of the server land on the fields they name; others were already told.
      if (err instanceof FieldErrorsError) applyServerErrors(form, err.errors, lang);
      else if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };

  const options = (list.data ?? []).map((m) => ({
    value: keyOf(m),
    label: t('shipping.material.option', { code: m.code, material: m.material_code, open: formatQuantity(m.open, m.unit, lang) }),
  }));

  return (
    <Drawer open={open} onClose={onClose} title={t('shipping.material.title')} width={Math.min(560, window.innerWidth)} destroyOnHidden data-testid="material-shipment">
      {list.data && list.data.length === 0 ? (
        <Empty description={t('shipping.material.none')} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ lines: [{ carton_no: 1 }] }} disabled={busy}>
          <Form.Item name="code" label={t('shipping.code')} extra={t('shipping.material.codeHint')}>
            <Input maxLength={40} data-testid="material-code" />
          </Form.Item>
          <Space wrap style={{ width: '100%' }}>
            <Form.Item name="carrier" label={t('shipping.carrier')}><Input maxLength={100} /></Form.Item>
            <Form.Item name="tracking_ref" label={t('shipping.tracking')}><Input maxLength={100} /></Form.Item>
            <Form.Item name="planned_ship_date" label={t('shipping.material.planned')}><Input type="date" /></Form.Item>
          </Space>
          <Form.List name="lines">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => {
                  const m = lines[index]?.pick ? materials.get(String(lines[index]!.pick)) : undefined;
                  return (
                    <div key={field.key} style={{ borderTop: '1px solid rgba(0,0,0,0.06)', paddingTop: 8 }} data-testid={`material-line-${index}`}>
                      <Space wrap align="start" style={{ width: '100%' }}>
                        <Form.Item name={[field.name, 'carton_no']} label={t('shipping.material.carton')} rules={[{ required: true, message: t('shipping.material.cartonRequired') }]}>
                          <InputNumber min={1} precision={0} style={{ width: 90 }} data-testid={`material-carton-${index}`} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'pick']} label={t('shipping.material.pick')} rules={[{ required: true, message: t('shipping.material.pickRequired') }]} style={{ minWidth: 240, flex: 1 }}>
                          <Select options={options} loading={list.isFetching} style={{ width: '100%', minWidth: 240 }} data-testid={`material-pick-${index}`} onChange={() => void form.validateFields([['lines', field.name, 'qty']]).catch(() => undefined)} />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'qty']}
                          label={t('shipping.material.qty')}
                          dependencies={[['lines', field.name, 'pick']]}
                          rules={[{ validator: async () => { const p = qtyProblem(t, lang, form.getFieldValue('lines') ?? [], index, materials); if (p) throw new Error(p); } }]}
                        >
                          <Input inputMode="decimal" style={{ width: 150 }} suffix={<span>{m ? unitLabel(m.unit, lang) : ''}</span>} data-testid={`material-qty-${index}`} />
                        </Form.Item>
                        {fields.length > 1 && <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('shipping.material.remove')} onClick={() => remove(field.name)} style={{ marginTop: 30 }} />}
                      </Space>
                      {m && (
                        <Typography.Text type="secondary" data-testid={`material-open-${index}`}>
                          {t('shipping.material.openLine', { material: m.material_code, unit: unitLabel(m.unit, lang), open: formatQuantity(m.open, m.unit, lang), ordered: formatQuantity(m.ordered, m.unit, lang), code: m.code, buyer: m.buyer_name })}
                        </Typography.Text>
                      )}
                    </div>
                  );
                })}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ carton_no: Number(lines[lines.length - 1]?.carton_no ?? 0) + 1 })} style={{ margin: '12px 0' }} data-testid="material-add-line">
                  {t('shipping.material.addLine')}
                </Button>
              </>
            )}
          </Form.List>
          <Button type="primary" htmlType="submit" loading={busy} block data-testid="material-save">{t('shipping.material.save')}</Button>
        </Form>
      )}
    </Drawer>
  );
}
