// The closing record (TKT-04..06): summary, a single penalty result, several reasons, and the
// deduction (amount exact to 4 decimals, ratio, type, voucher). Checked like the server before
// asking for the confirmation; nothing is sent without it (TKT-02).
import { Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { langOf, t as coreT } from '@seamline/core';
import { FieldErrorsError, toastError } from '@seamline/web/engine';
import { DEDUCTION_TYPE_OPTIONS, PENALTY_RESULT_OPTIONS, REASON_OPTIONS, SUMMARY_MAX, VOUCHER_MAX, checkClosing } from '../meta';
import { ticketApi, type Ticket } from './api';
import { tt } from './texts';

const FIELDS = ['closing_summary', 'penalty_result', 'reasons', 'deduction_amount', 'deduction_ratio', 'deduction_type', 'deduction_voucher'];

export function ClosingForm({ ticket, lang, open, onClose, onDone }: { ticket: Ticket; lang: string; open: boolean; onClose: () => void; onDone: (t: Ticket) => void }) {
  const [form] = Form.useForm();
  const l = langOf(lang);
  const options = (list: typeof REASON_OPTIONS) => list.map((o) => ({ value: o.value, label: o.label[l] }));

  const submit = () => {
    const values = form.getFieldsValue(true);
    const errors = checkClosing(values, lang);
    form.setFields(FIELDS.map((name) => ({ name, errors: errors[name] ?? [] })));
    if (Object.keys(errors).length) {
      toastError(coreT(lang, 'form.correctInput'));
      return;
    }
    Modal.confirm({
      title: tt(lang, 'confirmClosingTitle'),
      content: tt(lang, 'confirmClosingText'),
      okText: tt(lang, 'ok'),
      cancelText: tt(lang, 'cancel'),
      okButtonProps: { 'data-testid': 'closing-confirm-ok' } as never,
      onOk: async () => {
        try {
          onDone(await ticketApi.closing({ ...values, id: ticket.id, version: ticket.version }));
        } catch (err) {
          if (err instanceof FieldErrorsError) form.setFields(Object.entries(err.errors).map(([name, e]) => ({ name, errors: ([] as string[]).concat(e as string[]) })));
        }
      },
    });
  };

  return (
    <Modal open={open} title={tt(lang, 'closingTitle')} onCancel={onClose} onOk={submit} okText={tt(lang, 'startClosing')} cancelText={tt(lang, 'cancel')} width={640} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="closing-form"
        onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))} initialValues={{ reasons: [] }}>
        <Form.Item name="closing_summary" label={tt(lang, 'closingSummary')} required>
          <Input.TextArea rows={3} maxLength={SUMMARY_MAX} data-testid="closing-summary" />
        </Form.Item>
        <Form.Item name="penalty_result" label={tt(lang, 'penaltyResult')} required>
          <Radio.Group options={options(PENALTY_RESULT_OPTIONS)} data-testid="closing-penalty" />
        </Form.Item>
        <Form.Item name="reasons" label={tt(lang, 'reasons')}>
          <Checkbox.Group options={options(REASON_OPTIONS)} data-testid="closing-reasons" />
        </Form.Item>
        <Form.Item name="deduction_amount" label={tt(lang, 'deductionAmount')}>
          <Input inputMode="decimal" data-testid="closing-amount" />
        </Form.Item>
        <Form.Item name="deduction_ratio" label={tt(lang, 'deductionRatio')}>
          <Input inputMode="decimal" data-testid="closing-ratio" />
        </Form.Item>
        <Form.Item name="deduction_type" label={tt(lang, 'deductionType')}>
          <Select allowClear options={options(DEDUCTION_TYPE_OPTIONS)} data-testid="closing-type" />
        </Form.Item>
        <Form.Item name="deduction_voucher" label={tt(lang, 'deductionVoucher')}>
          <Input maxLength={VOUCHER_MAX} data-testid="closing-voucher" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
