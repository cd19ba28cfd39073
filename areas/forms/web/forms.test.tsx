// The designer (FORM-18, FORM-19, live preview through the engine form) and the scenario form
// panel under an engine document (checked before posting, saved with its version). The network
// is stubbed at fetch.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { setLang } from '@seamline/web/engine';
import { renderApp, choose, fieldBox, findField, posted, signedInServer, typeInto } from '@seamline/web/testing';
import type { StoredForm } from '../meta';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  setLang('en');
  message.destroy();
});

const toasts = (kind: 'error' | 'success') => [...document.querySelectorAll(`[data-testid="toast-${kind}"]`)].map((n) => n.textContent);
const editor = () => screen.getByTestId('field-editor');
const setInput = (testId: string, value: string) => fireEvent.change(within(editor()).getByTestId(testId), { target: { value } });

async function addField(name: string, opts: { type?: string; options?: string[]; required?: boolean; email?: boolean } = {}) {
  fireEvent.click(screen.getByTestId('field-add'));
  await screen.findByTestId('field-editor');
  setInput('field-name', name);
  setInput('field-label-en', `${name} label`);
  setInput('field-label-zh', `${name}标签`);
  if (opts.type) await choose(within(editor()).getByTestId('field-type').closest('.ant-select')!.parentElement as HTMLElement, opts.type);
  for (const [i, v] of (opts.options ?? []).entries()) {
    fireEvent.click(within(editor()).getByTestId('option-add'));
    fireEvent.change(await within(editor()).findByTestId(`option-value-${i}`), { target: { value: v } });
    fireEvent.change(within(editor()).getByTestId(`option-label-en-${i}`), { target: { value: `Opt ${v}` } });
    fireEvent.change(within(editor()).getByTestId(`option-label-zh-${i}`), { target: { value: `选项${v}` } });
  }
  if (opts.required) fireEvent.click(within(editor()).getByTestId('field-required'));
  if (opts.email) await choose(within(editor()).getByTestId('field-validators').closest('.ant-select')!.parentElement as HTMLElement, 'Email');
  await act(async () => fireEvent.click(screen.getByTestId('field-apply')));
}

const rows = () => document.querySelectorAll('[data-testid="designer-fields"] tbody tr.ant-table-row');

describe('form designer', () => {
  it('FORM-18: a second field with the same name is refused with a message and not added', async () => {
    signedInServer();
    renderApp('/sys/page/dynamic-form');
    await screen.findByTestId('forms-designer', undefined, { timeout: 20_000 });
    await addField('QTY'); // typed upper case, stored as the field name 'qty'
    await waitFor(() => expect(rows()).toHaveLength(1));
    await addField('QTY');
    await waitFor(() => expect(within(editor()).getByText('Field name must be unique')).toBeTruthy());
    fireEvent.click(within(document.querySelector('.ant-modal-footer') as HTMLElement).getByText('Cancel'));
    expect(rows()).toHaveLength(1);
  });

  it('FORM-19: repeated option values are refused', async () => {
    signedInServer();
    renderApp('/sys/page/dynamic-form');
    await screen.findByTestId('forms-designer', undefined, { timeout: 20_000 });
    await addField('grade', { type: 'Single choice', options: ['A', 'B', 'A'] });
    expect((await screen.findByTestId('option-errors')).textContent).toBe('Duplicate option value: A');
    expect(rows()).toHaveLength(0);
  });

  it('previews the form through the engine form with its validation, and saves only a well-formed form', async () => {
    const server = signedInServer();
    server.on('POST', 'utilsapi/dynamic-form/save', (req) => ({ ...posted(req), id: 'f1', version: 1 }));
    server.on('GET', 'utilsapi/dynamic-form/view', () => ({ id: 'f1', version: 1, code: 'QC', name_en: 'QC', name_zh: '质检', description: '', fields: [] }));
    renderApp('/sys/page/dynamic-form');
    await screen.findByTestId('forms-designer', undefined, { timeout: 20_000 });
    await addField('qc_email', { required: true, email: true });
    const preview = screen.getByTestId('designer-preview');
    await waitFor(() => expect(preview.querySelector('[data-field="qc_email"]')).toBeTruthy());
    typeInto('qc_email', 'not-mail');
    await act(async () => fireEvent.click(within(preview).getByTestId('preview-check')));
    await waitFor(() => expect(fieldBox('qc_email').textContent).toContain('Please enter a valid email address'));

    // No code or names yet: nothing is sent.
    await act(async () => fireEvent.click(screen.getByTestId('designer-save')));
    await waitFor(() => expect(toasts('error')).toContain('Please correct the input error, before submit form！'));
    expect(server.calls('utilsapi/dynamic-form/save')).toHaveLength(0);
    // The field's message may render a frame after the toast (it failed once on a loaded machine).
    expect(await screen.findByText('Please enter the form code')).toBeTruthy();

    fireEvent.change(screen.getByTestId('form-code'), { target: { value: 'QC' } });
    fireEvent.change(screen.getByTestId('form-name-en'), { target: { value: 'QC' } });
    fireEvent.change(screen.getByTestId('form-name-zh'), { target: { value: '质检' } });
    await act(async () => fireEvent.click(screen.getByTestId('designer-save')));
    await waitFor(() => expect(server.calls('utilsapi/dynamic-form/save')).toHaveLength(1));
    expect(posted(server.calls('utilsapi/dynamic-form/save')[0])).toMatchObject({
      code: 'QC',
      fields: [{ field: 'qc_email', type: 'string', required: true, validations: [{ type: 'email' }] }],
    });
  });
});

describe('saved values of a form', () => {
  it('lists the value sets and filters them by a field, an operator and a value', async () => {
    const server = signedInServer();
    server
      .on('GET', 'utilsapi/dynamic-form/view', () => FORM)
      .on('GET', 'utilsapi/dynamic-form/values/page-list', (req) => {
        const q = JSON.parse(req.query.get('q') ?? '{}');
        const rows = [
          { id: 'v1', version: 1, form_id: 'f9', form_code: 'ORDER_EXTRA', form_version: 3, entity: 'test-order', record_id: 'd1', values: { qc_email: 'qa@example.com', qc_grade: 'A' }, updated_at: '2026-11-22T03:00:00Z' },
        ];
        return { rows: q.qc_email ? [] : rows, total: q.qc_email ? 0 : 1, page: 1, size: 20 };
      });
    renderApp('/sys/page/dynamic-form?id=f9');
    const panel = await screen.findByTestId('designer-values', undefined, { timeout: 20_000 });
    await waitFor(() => expect(panel.textContent).toContain('qa@example.com'));
    expect(panel.textContent).toContain('Grade A'); // the option's label, not its value
    await choose(within(panel).getByTestId('values-filter-field').closest('.ant-select')!.parentElement as HTMLElement, 'QC email');
    fireEvent.change(within(panel).getByTestId('values-filter-value'), { target: { value: 'zz' } });
    fireEvent.click(within(panel).getByTestId('values-filter-search'));
    await waitFor(() => expect(panel.textContent).not.toContain('qa@example.com'));
    const last = server.calls('utilsapi/dynamic-form/values/page-list').at(-1)!;
    expect(JSON.parse(last.query.get('q')!)).toEqual({ qc_email: { op: 'like', value: 'zz' } });
    expect(last.query.get('form')).toBe('f9');
  });
});

const FORM: StoredForm = {
  id: 'f9',
  version: 3,
  code: 'ORDER_EXTRA',
  name_en: 'Order extra',
  name_zh: '订单附加',
  fields: [
    { field: 'qc_email', label_en: 'QC email', label_zh: '质检邮箱', type: 'string', required: true, validations: [{ type: 'email' }], trim: true },
    { field: 'qc_grade', label_en: 'QC grade', label_zh: '质检等级', type: 'select', options: [{ value: 'A', label_en: 'Grade A', label_zh: 'A级' }], defaultValue: 'A' },
  ],
};
const STORED = { id: 'd1', version: 4, code: 'SO-0001', title: 'Basic tee', status: 'draft', quantity: 100, customer_ref: 'C-1', order_date: '2024-03-01', lines: [] };

describe('scenario form panel under an engine document (ENTITY scenario)', () => {
  it('loads the bound form, refuses a bad email before posting and saves good values with the version', async () => {
    const server = signedInServer();
    server
      .on('GET', 'scmapi/test-order/view', () => STORED)
      .on('GET', 'utilsapi/dynamic-form/scenario', (req) => (req.query.get('context_key') === 'test-order' ? FORM : null))
      .on('GET', 'utilsapi/dynamic-form/values/view', () => ({ id: 'v1', version: 2, form_id: 'f9', values: { qc_email: 'old@example.com', qc_grade: 'A' } }))
      .on('POST', 'utilsapi/dynamic-form/values/save', (req) => ({ id: 'v1', version: 3, form_id: 'f9', values: (posted(req) as { values: unknown }).values }));
    renderApp('/tst/page/test-order?id=d1');
    const panel = await screen.findByTestId('scenario-form-ORDER_EXTRA', undefined, { timeout: 20_000 });
    await findField('qc_email');
    expect((fieldBox('qc_email').querySelector('input') as HTMLInputElement).value).toBe('old@example.com');
    expect(server.calls('utilsapi/dynamic-form/scenario')[0].query.get('context_type')).toBe('ENTITY');

    typeInto('qc_email', 'bad-mail');
    await act(async () => fireEvent.click(within(panel).getByTestId('scenario-form-save')));
    await waitFor(() => expect(fieldBox('qc_email').textContent).toContain('Please enter a valid email address'));
    expect(server.calls('utilsapi/dynamic-form/values/save')).toHaveLength(0);

    typeInto('qc_email', '  qa@example.com ');
    await act(async () => fireEvent.click(within(panel).getByTestId('scenario-form-save')));
    await waitFor(() => expect(server.calls('utilsapi/dynamic-form/values/save')).toHaveLength(1));
    expect(posted(server.calls('utilsapi/dynamic-form/values/save')[0])).toEqual({
      form_id: 'f9',
      entity: 'test-order',
      record_id: 'd1',
      values: { qc_email: 'qa@example.com', qc_grade: 'A' },
      version: 2,
    });
  });

  it('shows nothing when no form is bound to the entity', async () => {
    const server = signedInServer();
    server.on('GET', 'scmapi/test-order/view', () => STORED).on('GET', 'utilsapi/dynamic-form/scenario', () => null);
    renderApp('/tst/page/test-order?id=d1');
    await findField('code');
    await waitFor(() => expect(server.calls('utilsapi/dynamic-form/scenario')).toHaveLength(1));
    expect(document.querySelector('[data-testid^="scenario-form-"]')).toBeNull();
  });
});
