// The brand's request to a supplier for one style (a quote, a sample): the style and the supplier,
// the request's own fields, a due date and remarks; creates the request and opens it.
import type { ReactNode } from 'react';
import { DatePicker, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlmAction } from './api';
import { StyleSelect, SupplierSelect } from './shared';

export interface RequestModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
  /** e.g. 'quote/create' */
  action: string;
  title: string;
  initialValues: Record<string, unknown>;
  okTestId?: string;
  /** The request's own fields, between the supplier and the due date. */
  children: ReactNode;
  /** What is asked: only suppliers that can answer it are offered. */
  kind?: 'sample' | 'quote';
}

export function RequestModal({ open, onClose, onCreated, action, title, initialValues, okTestId, children, kind }: RequestModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const create = usePlmAction(action);
  const submit = async () => {
    const v = await form.validateFields();
    const doc = await create.mutateAsync({ ...v, due_date: v.due_date ? v.due_date.format('YYYY-MM-DD') : null });
    onClose();
    onCreated(doc.id);
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('plm.create')}
      confirmLoading={create.isPending}
      okButtonProps={okTestId ? ({ 'data-testid': okTestId } as never) : undefined}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues}>
        <Form.Item name="style_id" label={t('plm.style')} rules={[{ required: true }]}>
          <StyleSelect />
        </Form.Item>
        <Form.Item name="supplier_client_id" label={t('plm.supplier')} rules={[{ required: true }]}>
          <SupplierSelect kind={kind ?? (action.startsWith('quote') ? 'quote' : 'sample')} />
        </Form.Item>
        {children}
        <Form.Item name="due_date" label={t('plm.due')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="brand_remarks" label={t('plm.remarks')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
