// The form wrapper every screen uses: a failed validation shows 'Please correct the input error,
// before submit form！' and sends nothing (VAL-20); server 11000 errors land on the fields.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Button, Form, type ButtonProps, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, FieldErrorsError } from '../api/errors';
import { toastError } from '../api/feedback';
import { applyServerErrors } from './applyServerErrors';

const SubmittingContext = createContext(false);

export interface SpecFormProps<T> extends Omit<FormProps<T>, 'onFinish' | 'onFinishFailed'> {
  /** Called with valid values only; may return a promise (the submit button spins meanwhile). */
  onSubmit: (values: T) => unknown;
  children: ReactNode;
}

export function SpecForm<T = Record<string, unknown>>({ onSubmit, form, children, ...rest }: SpecFormProps<T>) {
  const { t, i18n } = useTranslation();
  const [own] = Form.useForm<T>();
  const instance = form ?? own;
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: T) => {
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (err) {
      if (err instanceof FieldErrorsError) applyServerErrors(instance, err.errors, i18n.language);
      // Other failures were already shown by the request client.
      else if (!(err instanceof ApiError)) console.error(err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SubmittingContext.Provider value={submitting}>
      <Form<T>
        form={instance}
        layout="vertical"
        requiredMark
        scrollToFirstError
        {...rest}
        onFinish={onFinish}
        onFinishFailed={() => toastError(t('form.correctInput'))}
      >
        {children}
      </Form>
    </SubmittingContext.Provider>
  );
}

/** The submit button of a SpecForm: spins while onSubmit runs, so nothing is sent twice. */
function SubmitButton(props: ButtonProps) {
  const submitting = useContext(SubmittingContext);
  return (
    <Form.Item style={{ marginBottom: 0 }}>
      <Button type="primary" htmlType="submit" loading={submitting} {...props} />
    </Form.Item>
  );
}

SpecForm.Submit = SubmitButton;
