// SpecForm and server-error placement (VAL-20, VAL-21, REQ-14, REQ-15, REQ-16, I18N-07, I18N-08).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input, message } from 'antd';
import { AppProviders } from '../AppProviders';
import { FieldErrorsError } from '../api/errors';
import { setLang } from '../i18n';
import { SpecForm } from './SpecForm';
import { placeServerErrors } from './applyServerErrors';
import { ruleFromSpec } from './rules';

afterEach(() => message.destroy());

function MobileForm({ onSubmit }: { onSubmit: (v: unknown) => unknown }) {
  return (
    <AppProviders>
      <SpecForm onSubmit={onSubmit}>
        <Form.Item name="CODE" label="Code">
          <Input data-testid="code" />
        </Form.Item>
        <Form.Item name="mobile" label="Mobile" rules={[ruleFromSpec({ type: 'mobile' }, 'en')]}>
          <Input data-testid="mobile" />
        </Form.Item>
        <Form.List name="LINES" initialValue={[{ QTY: 1 }, { QTY: 2 }]}>
          {(fields) =>
            fields.map((f) => (
              <Form.Item key={f.key} name={[f.name, 'QTY']} label={`Qty ${f.name}`}>
                <Input data-testid={`qty-${f.name}`} />
              </Form.Item>
            ))
          }
        </Form.List>
        <SpecForm.Submit data-testid="submit">Submit</SpecForm.Submit>
      </SpecForm>
    </AppProviders>
  );
}

const toasts = () => [...document.querySelectorAll('[data-testid="toast-error"]')].map((n) => n.textContent);

describe('SpecForm', () => {
  beforeEach(() => setLang('en'));

  it('VAL-20: an invalid form shows the exact message and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(<MobileForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByTestId('mobile'), { target: { value: '12800138000' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(toasts()).toContain('Please correct the input error, before submit form！'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('Please enter a valid 11-digit mobile number')).toBeTruthy();
  });

  it('VAL-21: fixing the value clears the field message', async () => {
    render(<MobileForm onSubmit={() => undefined} />);
    fireEvent.change(screen.getByTestId('mobile'), { target: { value: '123' } });
    expect(await screen.findByText('Please enter a valid 11-digit mobile number')).toBeTruthy();
    fireEvent.change(screen.getByTestId('mobile'), { target: { value: '13800138000' } });
    await waitFor(() => expect(screen.queryByText('Please enter a valid 11-digit mobile number')).toBeNull());
  });

  it('REQ-14/I18N-08: 11000 errors land on the field, joined by commas, untranslated', async () => {
    const onSubmit = () => Promise.reject(new FieldErrorsError({ CODE: ['too long', '代码重复'] }));
    render(<MobileForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('too long,代码重复')).toBeTruthy();
  });

  it('REQ-15: child-table errors land on their row only', async () => {
    const onSubmit = () => Promise.reject(new FieldErrorsError({ LINES: [null, { QTY: ['exceeds stock'] }] }));
    render(<MobileForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByTestId('submit'));
    const msg = await screen.findByText('exceeds stock');
    const row1 = screen.getByTestId('qty-1').closest('.ant-form-item');
    const row0 = screen.getByTestId('qty-0').closest('.ant-form-item');
    expect(row1?.contains(msg)).toBe(true);
    expect(row0?.textContent).not.toContain('exceeds stock');
  });

  it('REQ-16: errors for unknown fields become one toast with the Save failed！ prefix', async () => {
    const onSubmit = () => Promise.reject(new FieldErrorsError({ X: ['bad'] }));
    render(<MobileForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(toasts()).toContain('Save failed！bad'));
  });

  it('I18N-07: Chinese mode shows the Chinese text', async () => {
    await act(async () => setLang('zh'));
    render(<MobileForm onSubmit={vi.fn()} />);
    fireEvent.change(screen.getByTestId('mobile'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(toasts()).toContain('请修正输入错误后再提交表单！'));
  });
});

describe('placeServerErrors', () => {
  it('splits field, row and unmatched errors', () => {
    const placed = placeServerErrors(
      { CODE: ['a', 'b'], LINES: [{ QTY: ['x'] }, { NOPE: ['y'] }], X: 'z' },
      [['CODE'], ['LINES', 0, 'QTY'], ['LINES', 1, 'QTY']],
    );
    expect(placed.fields).toEqual([
      { name: ['CODE'], errors: ['a,b'] },
      { name: ['LINES', 0, 'QTY'], errors: ['x'] },
    ]);
    expect(placed.rest).toEqual(['y', 'z']);
  });
});

describe('ruleFromSpec', () => {
  const check = (rule: ReturnType<typeof ruleFromSpec>, value: unknown) =>
    (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);

  it('uses core validators and catalogue messages (VAL-22)', async () => {
    const strong = ruleFromSpec({ type: 'strongPassword' }, 'en');
    await expect(check(strong, 'abc123')).rejects.toThrow(/upper- and lower-case/);
    await expect(check(strong, 'Abc123')).resolves.toBeUndefined();
    await expect(check(ruleFromSpec({ type: 'required' }, 'en', 'Email cannot be empty'), '')).rejects.toThrow(
      'Email cannot be empty',
    );
  });
});
