// One field of a designed form in a modal: name, labels, type, validators, options, default,
// conditions and the before-posting flags. Apply runs the designer's checks (core) on the whole
// form with this field in place, so a name already used or a repeated option value is refused here.
import { useEffect, useState } from 'react';
import { Button, Checkbox, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ValidationRule } from '@seamline/core';
import { DESIGNABLE_TYPES, DESIGNABLE_VALIDATORS, type DesignedField } from '../meta';
import { BilingualInputs } from './BilingualInputs';

/** The editor's store: validators as a list of types plus their parameters. */
interface Draft extends Omit<DesignedField, 'validations' | 'defaultValue'> {
  validatorTypes?: string[];
  exactLength?: number | null;
  pattern?: string;
  defaultValue?: string;
}

function toDraft(f: DesignedField): Draft {
  const rules = f.validations ?? [];
  const { validations: _v, defaultValue, ...rest } = f;
  return {
    ...rest,
    validatorTypes: rules.map((r) => r.type),
    exactLength: rules.find((r) => r.type === 'exactLength')?.length ?? null,
    pattern: rules.find((r) => r.type === 'regex')?.pattern ?? '',
    defaultValue: defaultValue === undefined || defaultValue === null ? '' : Array.isArray(defaultValue) ? defaultValue.join(',') : String(defaultValue),
  };
}

export function fromDraft(d: Draft): DesignedField {
  const { validatorTypes, exactLength, pattern, defaultValue, ...rest } = d;
  const validations: ValidationRule[] = (validatorTypes ?? []).map((type) =>
    type === 'exactLength' ? { type, length: exactLength ?? undefined } : type === 'regex' ? { type, pattern: pattern ?? '' } : { type: type as ValidationRule['type'] },
  );
  const choice = rest.type === 'select' || rest.type === 'multiselect';
  const out: DesignedField = { ...rest, field: (rest.field ?? '').trim(), validations, options: choice ? (rest.options ?? []) : undefined };
  if (defaultValue !== undefined && defaultValue !== '') out.defaultValue = defaultValue;
  if (out.maxLength === null) delete out.maxLength;
  return out;
}

export interface FieldEditorProps {
  open: boolean;
  field: DesignedField | null;
  /** The designer's messages for this field as it would stand in the form (keys of DesignedField). */
  check: (f: DesignedField) => Record<string, string[]>;
  onApply: (f: DesignedField) => void;
  onCancel: () => void;
}

const ERROR_KEYS: Record<string, keyof Draft> = {
  field: 'field',
  label_en: 'label_en',
  label_zh: 'label_zh',
  type: 'type',
  options: 'options',
  validations: 'validatorTypes',
  defaultValue: 'defaultValue',
  visibleWhen: 'visibleWhen',
  disabledWhen: 'disabledWhen',
  lowerCase: 'lowerCase',
  maxLength: 'maxLength',
};

export function FieldEditor({ open, field, check, onApply, onCancel }: FieldEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Draft>();
  const type = Form.useWatch('type', form);
  const validatorTypes = Form.useWatch('validatorTypes', form) ?? [];
  const [optionErrors, setOptionErrors] = useState<string[]>([]);

  useEffect(() => {
    if (open) {
      form.resetFields();
      setOptionErrors([]);
      form.setFieldsValue(toDraft(field ?? { field: '', label_en: '', label_zh: '', type: 'string' }));
    }
  }, [open, field, form]);

  const apply = () => {
    const draft = fromDraft(form.getFieldsValue(true) as Draft);
    const errors = check(draft);
    const names = new Set(Object.values(ERROR_KEYS));
    form.setFields([...names].map((n) => ({ name: n, errors: [] })));
    setOptionErrors(errors.options ?? []);
    if (Object.keys(errors).length > 0) {
      form.setFields(Object.entries(errors).filter(([k]) => k !== 'options').map(([k, msgs]) => ({ name: ERROR_KEYS[k] ?? k, errors: msgs })));
      return;
    }
    onApply(draft);
  };

  const choice = type === 'select' || type === 'multiselect';
  const textual = type === 'string' || type === 'text';
  return (
    <Modal
      open={open}
      width={820}
      title={field?.field ? t('forms.field.editTitle', { name: field.field }) : t('forms.field.newTitle')}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('forms.field.cancel')}
        </Button>,
        <Button key="apply" type="primary" onClick={apply} data-testid="field-apply">
          {t('forms.field.apply')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" name="field-editor" onFinish={apply} data-testid="field-editor">
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="field"
              label={t('forms.field.field')}
              extra={t('forms.field.fieldHint')}
              required
              normalize={(v: string) => (typeof v === 'string' ? v.toLowerCase().replace(/\s+/g, '_') : v)}
            >
              <Input autoFocus data-testid="field-name" />
            </Form.Item>
          </Col>
          <BilingualInputs name="label" span={8} labels={{ en: t('forms.field.labelEn'), zh: t('forms.field.labelZh') }} testId="field-label" />
          <Col xs={24} sm={8}>
            <Form.Item name="type" label={t('forms.field.type')} required>
              <Select data-testid="field-type" options={DESIGNABLE_TYPES.map((v) => ({ value: v, label: t(`forms.type.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item name="validatorTypes" label={t('forms.field.validations')}>
              <Select
                mode="multiple"
                allowClear
                data-testid="field-validators"
                options={DESIGNABLE_VALIDATORS.map((v) => ({ value: v, label: t(`forms.validator.${v}`) }))}
              />
            </Form.Item>
          </Col>
          {validatorTypes.includes('exactLength') && (
            <Col xs={24} sm={8}>
              <Form.Item name="exactLength" label={t('forms.field.exactLength')}>
                <InputNumber min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          {validatorTypes.includes('regex') && (
            <Col xs={24} sm={16}>
              <Form.Item name="pattern" label={t('forms.field.pattern')}>
                <Input placeholder="^[A-Z]{2}\d{4}$" />
              </Form.Item>
            </Col>
          )}
        </Row>
        {choice && (
          <div className="sl-forms-options" data-testid="field-options">
            <Typography.Text strong>{t('forms.field.options')}</Typography.Text>
            <Form.List name="options">
              {(items, { add, remove }) => (
                <>
                  {items.map((item, i) => (
                    <Space key={item.key} align="baseline" style={{ display: 'flex', marginTop: 8 }}>
                      <Form.Item name={[item.name, 'value']} style={{ marginBottom: 0 }}>
                        <Input placeholder={t('forms.field.optionValue')} aria-label={`${t('forms.field.optionValue')} ${i + 1}`} data-testid={`option-value-${i}`} />
                      </Form.Item>
                      <Form.Item name={[item.name, 'label_en']} style={{ marginBottom: 0 }}>
                        <Input placeholder={t('forms.field.labelEn')} aria-label={`${t('forms.field.labelEn')} ${i + 1}`} data-testid={`option-label-en-${i}`} />
                      </Form.Item>
                      <Form.Item name={[item.name, 'label_zh']} style={{ marginBottom: 0 }}>
                        <Input placeholder={t('forms.field.labelZh')} aria-label={`${t('forms.field.labelZh')} ${i + 1}`} data-testid={`option-label-zh-${i}`} />
                      </Form.Item>
                      <Button icon={<DeleteOutlined />} aria-label={t('forms.field.removeOption')} onClick={() => remove(item.name)} />
                    </Space>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    style={{ marginTop: 8 }}
                    onClick={() => add({ value: '', label_en: '', label_zh: '' })}
                    data-testid="option-add"
                  >
                    {t('forms.field.addOption')}
                  </Button>
                </>
              )}
            </Form.List>
            {optionErrors.length > 0 && (
              <div role="alert" data-testid="option-errors" className="ant-form-item-explain-error" style={{ marginTop: 4 }}>
                {optionErrors.join(',')}
              </div>
            )}
          </div>
        )}
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} sm={12}>
            <Form.Item name="defaultValue" label={t('forms.field.defaultValue')} extra={t('forms.field.defaultHint')}>
              <Input data-testid="field-default" />
            </Form.Item>
          </Col>
          {textual && (
            <Col xs={24} sm={12}>
              <Form.Item name="maxLength" label={t('forms.field.maxLength')}>
                <InputNumber min={1} max={4000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item name="visibleWhen" label={t('forms.field.visibleWhen')} extra={t('forms.field.conditionHint')}>
              <Input data-testid="field-visible-when" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="disabledWhen" label={t('forms.field.disabledWhen')}>
              <Input data-testid="field-disabled-when" />
            </Form.Item>
          </Col>
        </Row>
        <Space wrap size="large">
          <Form.Item name="required" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox data-testid="field-required">{t('forms.field.required')}</Checkbox>
          </Form.Item>
          <Form.Item name="upperCase" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>{t('forms.field.upperCase')}</Checkbox>
          </Form.Item>
          <Form.Item name="lowerCase" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>{t('forms.field.lowerCase')}</Checkbox>
          </Form.Item>
          <Form.Item name="trim" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>{t('forms.field.trim')}</Checkbox>
          </Form.Item>
          <Form.Item name="isNotPost" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>{t('forms.field.isNotPost')}</Checkbox>
          </Form.Item>
        </Space>
        {/* Enter in any input applies, like the button. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
