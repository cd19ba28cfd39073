// The ticket form (TKT-03, TKT-07): a new ticket, or — given `ticket` — the edit of its title,
// design number, tags and description by who may edit (the counterpart, category and public flag
// are not edited here: the API keeps the first two, the detail page's switch does the third).
// Checked with the same rules as the server before posting; the server's 11000 answer lands on the
// fields, and the answer (with its new version) goes back to the page.
import { useEffect } from 'react';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DESIGN_NO_MAX, TITLE_MAX, checkTicket } from '../meta';
import { FieldErrorsError, toastError, toastSuccess } from '@seamline/web/engine';
import { t as coreT } from '@seamline/core';
import { ticketApi, type Ticket } from './api';
import { tt } from './texts';

const EDITED = ['title', 'design_no', 'tags', 'description'] as const;

export function TicketForm({ open, lang, onClose, onSaved, ticket }: { open: boolean; lang: string; onClose: () => void; onSaved: (t: Ticket) => void; ticket?: Ticket }) {
  const [form] = Form.useForm();
  const creating = !ticket;
  const counterparts = useQuery({ queryKey: ['ticket', 'counterparts'], queryFn: ticketApi.counterparts, enabled: open && creating });
  const categories = useQuery({ queryKey: ['ticket', 'categories'], queryFn: ticketApi.categories, enabled: open && creating });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (ticket) form.setFieldsValue(Object.fromEntries(EDITED.map((f) => [f, ticket[f] ?? (f === 'tags' ? [] : '')])));
  }, [open, form, ticket]);

  const submit = async () => {
    const values = form.getFieldsValue(true);
    const errors = checkTicket(values, lang, creating);
    form.setFields(['title', 'design_no', 'tags', 'counterpart_client_id', 'description'].map((name) => ({ name, errors: errors[name] ?? [] })));
    if (Object.keys(errors).length) {
      toastError(coreT(lang, 'form.correctInput'));
      return;
    }
    try {
      const saved = ticket
        ? await ticketApi.save({ id: ticket.id, version: ticket.version, ...Object.fromEntries(EDITED.map((f) => [f, values[f] ?? null])) })
        : await ticketApi.save({ ...values, is_public: !!values.is_public });
      toastSuccess(tt(lang, 'saved'));
      onSaved(saved);
    } catch (err) {
      if (err instanceof FieldErrorsError) form.setFields(Object.entries(err.errors).map(([name, e]) => ({ name, errors: ([] as string[]).concat(e as string[]) })));
    }
  };

  return (
    <Modal open={open} title={tt(lang, creating ? 'newTicket' : 'editTicket')} onCancel={onClose} onOk={submit} okText={tt(lang, 'save')} cancelText={tt(lang, 'cancel')} destroyOnHidden width={640}>
      <Form form={form} layout="vertical" data-testid="ticket-form"
        onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))} initialValues={{ is_public: false, tags: [] }}>
        <Form.Item name="title" label={tt(lang, 'title')} required>
          <Input maxLength={TITLE_MAX} data-testid="ticket-title" />
        </Form.Item>
        <Form.Item name="design_no" label={tt(lang, 'designNo')}>
          <Input maxLength={DESIGN_NO_MAX} data-testid="ticket-design-no" />
        </Form.Item>
        <Form.Item name="tags" label={tt(lang, 'tags')}>
          <Select mode="tags" tokenSeparators={[',', '，']} open={false} data-testid="ticket-tags" />
        </Form.Item>
        {creating && (
          <>
            <Form.Item name="counterpart_client_id" label={tt(lang, 'counterpart')} required>
              <Select showSearch optionFilterProp="label" options={counterparts.data ?? []} loading={counterparts.isLoading} data-testid="ticket-counterpart" />
            </Form.Item>
            <Form.Item name="category_id" label={tt(lang, 'category')}>
              <Select
                allowClear
                options={(categories.data?.rows ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.duration_hours} h)` }))}
                loading={categories.isLoading}
                data-testid="ticket-category"
              />
            </Form.Item>
            <Form.Item name="is_public" label={tt(lang, 'isPublic')} valuePropName="checked">
              <Switch data-testid="ticket-public" />
            </Form.Item>
          </>
        )}
        <Form.Item name="description" label={tt(lang, 'description')}>
          <Input.TextArea rows={3} maxLength={2000} data-testid="ticket-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
