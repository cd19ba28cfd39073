// The form a scenario binds to a business context, filled for one record: loaded by context,
// rendered and validated by the engine's own entity form (core checkDocument, as on the server),
// saved to utilsapi/dynamic-form/values/save. Other areas embed it (flow approval panel,
// sourcing); the engine document of an entity shows it for ENTITY scenarios (./register.ts).
import { useMemo } from 'react';
import { Alert, Card, Form, Skeleton, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { defaultValues } from '@seamline/core';
import { toastSuccess, SpecForm, useLang, EntityForm, LoadFailed, useSessionContext } from '@seamline/web/engine';
import { tryFormEntityDef, type FormValues, type ScenarioContextType, type StoredForm } from '../meta';
import { useRecordValues, useSaveValues, useScenarioForm } from './api';
import './register-messages';

export interface ScenarioFormPanelProps {
  contextType: ScenarioContextType;
  contextKey: string;
  /** The entity (or other record kind) the values belong to, e.g. 'vendor'. */
  entity: string;
  /** The record; absent (a new, unsaved document) → a note instead of the form. */
  recordId?: string | null;
  readOnly?: boolean;
  /** Card title; default: the form's name. */
  title?: string;
  /** After the values were saved (e.g. the flow panel re-checks whether it may approve). */
  onSaved?: (values: FormValues) => void;
}

export function ScenarioFormPanel({ contextType, contextKey, entity, recordId, readOnly = false, title, onSaved }: ScenarioFormPanelProps) {
  const scenario = useScenarioForm(contextType, contextKey);
  // Nothing until a form is known to be bound: most contexts have none, and the host screen must
  // not jump or show an error for an addition it did not ask for.
  if (scenario.isError) console.warn(`[forms] scenario ${contextType}:${contextKey} could not be loaded`, scenario.error);
  if (!scenario.data) return null;
  return <BoundForm form={scenario.data} entity={entity} recordId={recordId} readOnly={readOnly} title={title} onSaved={onSaved} />;
}

type BoundFormProps = Pick<ScenarioFormPanelProps, 'entity' | 'recordId' | 'title' | 'onSaved'> & { form: StoredForm; readOnly: boolean };

function BoundForm({ form, entity, recordId, readOnly, title, onSaved }: BoundFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSessionContext();
  const [antForm] = Form.useForm();
  const def = useMemo(() => tryFormEntityDef(form, lang).def, [form, lang]);
  const values = useRecordValues(form.id, entity, recordId);
  const save = useSaveValues();
  const stored = values.data;
  const initialValues = useMemo(() => (stored ? { ...stored.values } : def ? defaultValues(def) : {}), [stored, def]);
  const heading = title ?? (lang === 'en' ? form.name_en : form.name_zh);

  let body;
  if (!def) body = null; // stored forms always pass the designer's checks
  else if (!recordId) body = <Alert type="info" showIcon message={t('forms.panel.noRecord')} />;
  else if (values.isLoading) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (values.isError) body = <LoadFailed onRetry={() => void values.refetch()} />;
  else
    body = (
      <EntityForm
        def={def}
        form={antForm}
        name={`scenario-${form.code}`}
        initialValues={initialValues}
        session={session}
        routeAction={readOnly ? 'view' : 'edit'}
        readOnly={readOnly}
        onSubmit={async (posted) => {
          const saved = await save.mutateAsync({ form_id: form.id, entity, record_id: recordId, values: posted, version: stored?.version });
          toastSuccess(t('forms.panel.saved'));
          onSaved?.(saved);
        }}
        footer={
          readOnly ? null : (
            <SpecForm.Submit icon={<SaveOutlined />} data-testid="scenario-form-save">
              {t('forms.panel.save')}
            </SpecForm.Submit>
          )
        }
      />
    );

  return (
    <Card
      size="small"
      style={{ marginTop: 16 }}
      data-testid={`scenario-form-${form.code}`}
      title={
        <Typography.Text strong>
          {heading} <Typography.Text type="secondary">· {t('forms.panel.title')}</Typography.Text>
        </Typography.Text>
      }
    >
      {body}
    </Card>
  );
}
