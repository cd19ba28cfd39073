// The form of a definition (spec §3 'Dynamic form field', §5, §6): its fields in a grid and its
// child tables, conditions evaluated over the live values and the session, validation and the
// posted body by core. It never sends anything itself: `onSubmit` gets the prepared body.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Col, Form, Row, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasErrors, isDisabled, isVisible, type EntityDef, type FieldDef, type SessionContext } from '@seamline/core';
import { toastError } from '../../api';
import { SpecForm } from '../../form';
import { useLang } from '../../i18n';
import { ChildTable } from './ChildTable';
import { FieldItem } from './FieldItem';
import { FormRuntimeContext, type EntityFormContext } from './formRuntime';
import { checkForm, unplacedErrors, type FormRuntime, type NamePath } from './validation';
import type { Row as Doc } from '../data/source';

export interface EntityFormProps {
  def: EntityDef;
  form: FormInstance;
  initialValues: Doc;
  session: SessionContext;
  routeAction: 'create' | 'edit' | 'view';
  /** Every input disabled (read-only routes). */
  readOnly?: boolean;
  /** Gets the body core prepared (trimmed, cased, skipped fields dropped); may throw FieldErrorsError. */
  onSubmit: (body: Doc) => unknown;
  /** Rendered inside the form above the fields (header with the Save button). */
  header?: ReactNode;
  footer?: ReactNode;
  /** The form's name (antd prefixes the controls' ids with it). */
  name?: string;
}

/** Wide types take a whole row; the rest three to a row on large screens. */
const span = (f: FieldDef) =>
  f.type === 'text' || f.type === 'json' ? { xs: 24 } : { xs: 24, sm: 12, lg: 8 };

export function EntityForm({ def, form, initialValues, session, routeAction, readOnly = false, onSubmit, header, footer, name }: EntityFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const rt = useMemo<FormRuntime>(
    () => ({ def, session, routeAction, lang, invalidJsonText: t('engine.field.invalidJson') }),
    [def, session, routeAction, lang, t],
  );
  const watched = Form.useWatch((all: Doc) => all, { form, preserve: true }) as Doc | undefined;
  const values = watched ?? initialValues;
  const context = useMemo<EntityFormContext>(() => ({ rt, form, readOnly, values }), [rt, form, readOnly, values]);
  const condCtx = { values, session, routeAction };

  // A new document to show (loaded, saved, reloaded): the form starts over from it.
  useEffect(() => {
    form.resetFields();
    setFormErrors([]);
  }, [form, initialValues]);

  const submit = async () => {
    const { values: body, errors } = checkForm(rt, form.getFieldsValue(true));
    if (hasErrors(errors)) {
      const rendered = form.getFieldsError().map((f) => f.name as NamePath);
      setFormErrors(unplacedErrors(errors, rendered));
      toastError(t('form.correctInput'));
      return;
    }
    setFormErrors([]);
    await onSubmit(body);
  };

  return (
    <FormRuntimeContext.Provider value={context}>
      <SpecForm
        form={form}
        name={name}
        initialValues={initialValues}
        onSubmit={submit}
        className="sl-entity-form"
        data-testid={`entity-form-${def.name}`}
      >
        {header}
        {formErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="form-errors"
            message={formErrors.map((m) => (
              <div key={m}>{m}</div>
            ))}
          />
        )}
        <Row gutter={16}>
          {def.fields.map((f) =>
            isVisible(f, condCtx) ? (
              <Col key={f.name} {...span(f)} data-field={f.name}>
                <FieldItem field={f} path={[f.name]} disabled={readOnly || isDisabled(f, condCtx)} />
              </Col>
            ) : null,
          )}
        </Row>
        {(def.children ?? []).map((c) => (
          <ChildTable key={c.name} child={c} />
        ))}
        {footer}
      </SpecForm>
    </FormRuntimeContext.Provider>
  );
}
