// The actions of an orders document as buttons, from the same table the server runs
// (../meta/actions.ts): each asks first; Reject asks for a reason (required); Complete asks for
// the finished quantity and, when the server answers that it falls short of the order, asks
// again before completing (ORD-04..06); a notice the server returns (an off-platform vendor) is
// shown in a dialog. Used by the engine's document form (owner side) and the shared views.
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, toastSuccess, useLang, useNumbers } from '@seamline/web/engine';
import { actionLabel, actionsFrom, type ActionSide, type OrderAction } from '../meta';
import { postAction, type Doc } from './api';
import { wholePiecesRule } from './units';

interface Props {
  entity: string;
  table: readonly OrderAction[];
  doc: Doc;
  side: ActionSide;
  /** Called with the document after an action. */
  onDone: (doc: Doc) => void;
  disabled?: boolean;
}

export function ActionBar({ entity, table, doc, side, onDone, disabled }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const n = useNumbers();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const [form] = Form.useForm();
  const actions = actionsFrom(table, doc.status, side);
  const code = String(doc.code ?? '');

  const run = async (a: OrderAction, extra: Doc = {}): Promise<boolean> => {
    setBusy(a.action);
    try {
      const result = await postAction(entity, a.action, { id: doc.id, version: doc.version, ...extra });
      toastSuccess(t('orders.done'));
      // The button reads in the UI's language (antd's locale: 知道了 / OK), never a fixed 'OK'.
      if (result._notice) modal.warning({ title: t('orders.notice'), content: String(result._notice), okButtonProps: { 'data-testid': 'orders-notice-ok' } as never });
      onDone(result);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.data.warning === 'SHORT_FINISH') {
        modal.confirm({
          title: t('orders.complete.confirmTitle'),
          content: err.message,
          okText: t('orders.complete.confirmOk'),
          cancelText: t('orders.cancel'),
          okButtonProps: { 'data-testid': 'confirm-short-finish' } as never,
          onOk: () => run(a, { ...extra, confirm: 1 }).then(() => setAsking(null)),
        });
      }
      return false;
    } finally {
      setBusy(null);
    }
  };

  const start = (a: OrderAction) => {
    if (a.needsReason || a.needsFinished || a.needsDate) {
      form.resetFields();
      setAsking(a);
      return;
    }
    modal.confirm({
      title: t('orders.confirmAction', { action: actionLabel(a, lang), code }),
      okText: actionLabel(a, lang),
      cancelText: t('orders.cancel'),
      okButtonProps: { danger: a.danger, 'data-testid': `confirm-${a.action}` } as never,
      onOk: () => run(a),
    });
  };

  if (actions.length === 0) return null;
  return (
    <>
      <Space wrap data-testid="order-actions">
        {actions.map((a) => (
          <Button key={a.action} danger={a.danger} type={a.danger ? 'default' : 'primary'} ghost={!a.danger} loading={busy === a.action} disabled={disabled} onClick={() => start(a)} data-testid={`action-${a.action}`}>
            {actionLabel(a, lang)}
          </Button>
        ))}
      </Space>
      <Modal
        open={!!asking}
        title={asking?.needsReason ? t('orders.reject.title', { code }) : asking?.needsDate ? t('orders.confirmDate.title', { code }) : t('orders.complete.title', { code })}
        okText={asking ? actionLabel(asking, lang) : ''}
        cancelText={t('orders.cancel')}
        okButtonProps={{ danger: asking?.danger, loading: !!busy, 'data-testid': 'action-dialog-ok' } as never}
        onCancel={() => setAsking(null)}
        onOk={async () => {
          // A missing reason or quantity shows under its field; nothing is sent.
          const values = await form.validateFields().catch(() => null);
          const extra = asking?.needsReason ? { reason: values?.reason } : asking?.needsDate ? { confirmed_date: values?.confirmed_date } : { finished_qty: values?.finished_qty };
          if (values && asking && (await run(asking, extra))) setAsking(null);
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          {asking?.needsReason && (
            <Form.Item name="reason" label={t('orders.reject.reason')} rules={[{ required: true, whitespace: true, message: t('orders.required') }]}>
              <Input.TextArea rows={3} maxLength={1000} placeholder={t('orders.reject.placeholder')} data-testid="reject-reason" />
            </Form.Item>
          )}
          {asking?.needsDate && (
            <Form.Item
              name="confirmed_date"
              label={t('orders.confirmDate.label')}
              rules={[{ required: true, message: t('orders.required') }, { pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('orders.confirmDate.format') }]}
            >
              <Input type="date" data-testid="confirmed-date" />
            </Form.Item>
          )}
          {asking?.needsFinished && (
            <Form.Item
              name="finished_qty"
              label={t('orders.complete.finished')}
              extra={t('orders.complete.ordered', { qty: n.qty(doc.total_qty ?? '0', 'PCS') })}
              rules={[{ required: true, message: t('orders.required') }, wholePiecesRule(lang)]}
            >
              <Input inputMode="numeric" suffix={n.unit('PCS')} data-testid="finished-qty" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
