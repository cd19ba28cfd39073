// A definition's records in the list + editor frame (RecordList, RecordEditor), for screens whose
// records come from their own routes rather than the generic endpoints (the administration screens:
// roles, serial numbers). The definition gives the columns (list.columns), the editor's fields,
// their labels in both languages, required marks and upper-casing; the screen adds what a
// definition cannot say as extensions: a column's rendering, a field's control (a tree of menus),
// the detail it loads, what it posts.
import { type ReactNode } from 'react';
import { Form, Input, InputNumber, Radio } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { pickLabel, type EntityDef, type FieldDef } from '@seamline/core';
import { useLang } from '../../i18n';
import { RecordEditor, RecordList, useRecordSave, type RecordListProps, type RecordRow } from './RecordList';

/** What an extension control gets: the form's value and change (antd Form.Item), and whether it may change. */
export interface RecordControlProps {
  value?: any;
  onChange?: (value: any) => void;
  disabled: boolean;
}

export interface DefinitionRecordsProps<T extends RecordRow> {
  def: EntityDef;
  /** Test ids: `<key>-new`, `<key>-edit-<display>`, `<key>-save`, `<key>-form`, `<key>-field-<name>`. */
  testKey: string;
  /** The page's test id. */
  testId: string;
  rows: T[];
  loading: boolean;
  /** Columns sorted in the browser. */
  sortable?: string[];
  /** A column's cell where the plain value will not do. */
  renders?: Record<string, (value: any, row: T) => ReactNode>;
  /** Texts the definition does not hold: the page title, 'new' / 'edit' titles, the delete question, buttons. */
  texts: { title: string; create: string; edit: string; deleteConfirm: (row: T) => string; actions: string; editAction: string; remove: string; save: string; cancel: string; saved: string };
  /** Absent: nobody may create, edit or delete (fields greyed out, no save). */
  writable: boolean;
  /** Delete (after the confirmation); absent, no delete. */
  remove?: (row: T) => unknown;
  editor: DefinitionEditorOptions<T>;
}

export interface DefinitionEditorOptions<T extends RecordRow> {
  as: 'drawer' | 'modal';
  width?: number;
  /** The fields' controls a definition cannot draw, by field name. */
  controls?: Record<string, (props: RecordControlProps) => ReactNode>;
  /** Below the fields (a preview of what the values give). */
  footer?: (values: RecordRow) => ReactNode;
  /** The document the editor starts from (a detail loaded for the row); undefined while it loads. */
  useDoc?: (row: T | null) => RecordRow | null | undefined;
  initialValues: (doc: RecordRow | null) => RecordRow;
  /** Posts the checked values; refusals (11000) land on the fields through onError. */
  submit: (values: RecordRow, doc: RecordRow | null) => Promise<unknown>;
  onSaved: () => void;
  onError: (form: ReturnType<typeof Form.useForm>[0], err: unknown) => void;
}

const sorterOf = (field: string) => (a: RecordRow, b: RecordRow) =>
  typeof a[field] === 'number' ? a[field] - b[field] : String(a[field] ?? '').localeCompare(String(b[field] ?? ''));

export function DefinitionRecords<T extends RecordRow>({ def, testKey, testId, rows, loading, sortable = [], renders = {}, texts, writable, remove, editor }: DefinitionRecordsProps<T>) {
  const lang = useLang();
  const byName = new Map(def.fields.map((f) => [f.name, f]));
  const columns: RecordListProps<T>['columns'] = def.list.columns.map((name) => ({
    title: pickLabel(byName.get(name)?.label, lang),
    dataIndex: name,
    ...(sortable.includes(name) ? { sorter: sorterOf(name) } : {}),
    ...(renders[name] ? { render: renders[name] } : {}),
  }));
  return (
    <RecordList<T>
      title={texts.title}
      testId={testId}
      create={writable ? { label: texts.create, testId: `${testKey}-new` } : undefined}
      rows={rows}
      loading={loading}
      columns={columns}
      actions={{
        title: texts.actions,
        edit: { label: texts.editAction, testId: (row) => `${testKey}-edit-${row[def.display]}` },
        remove: writable && remove ? { label: texts.remove, confirm: texts.deleteConfirm, onConfirm: remove } : undefined,
      }}
      editor={(row, close) => <DefinitionEditor def={def} testKey={testKey} row={row} readOnly={!writable} texts={texts} options={editor} onClose={close} />}
    />
  );
}

function DefinitionEditor<T extends RecordRow>({ def, testKey, row, readOnly, texts, options, onClose }: {
  def: EntityDef;
  testKey: string;
  row: T | null;
  readOnly: boolean;
  texts: DefinitionRecordsProps<T>['texts'];
  options: DefinitionEditorOptions<T>;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const values = Form.useWatch([], form) as RecordRow | undefined;
  const loaded = options.useDoc ? options.useDoc(row) : row;
  const doc = loaded ?? null;
  const { saving, save } = useRecordSave<RecordRow>(form, {
    submit: (v) => options.submit(v, doc),
    savedText: texts.saved,
    onSaved: () => {
      options.onSaved();
      onClose();
    },
    onError: options.onError,
  });
  // A row whose detail is still on its way: the form waits for it (its initial values).
  const ready = !row || loaded !== undefined;
  const fields = def.fields.filter((f) => !f.readOnly);
  return (
    <RecordEditor
      as={options.as}
      width={options.width}
      title={row ? texts.edit : texts.create}
      readOnly={readOnly}
      saving={saving}
      onSave={save}
      onClose={onClose}
      labels={{ save: texts.save, cancel: texts.cancel }}
      saveTestId={`${testKey}-save`}
    >
      {ready && (
        <Form form={form} layout="vertical" data-testid={`${testKey}-form`} initialValues={options.initialValues(doc)}>
          {fields.map((f) => (
            <DefinitionField key={f.name} field={f} testKey={testKey} disabled={readOnly} control={options.controls?.[f.name]} />
          ))}
          {options.footer?.(values ?? {})}
        </Form>
      )}
    </RecordEditor>
  );
}

function DefinitionField({ field, testKey, disabled, control }: { field: FieldDef; testKey: string; disabled: boolean; control?: (props: RecordControlProps) => ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rules: Rule[] = field.required ? [{ required: true, message: t('val.required') }] : [];
  const testid = `${testKey}-field-${field.name}`;
  return (
    <Form.Item
      name={field.name}
      label={pickLabel(field.label, lang)}
      tooltip={field.hint ? pickLabel(field.hint, lang) : undefined}
      rules={rules}
      normalize={field.upperCase ? (v: string) => v?.toUpperCase() : undefined}
    >
      {control ? <Controlled render={control} disabled={disabled} /> : defaultControl(field, disabled, testid, lang)}
    </Form.Item>
  );
}

/** An extension's control inside Form.Item, which hands it value and onChange. */
function Controlled({ render, disabled, value, onChange }: { render: (props: RecordControlProps) => ReactNode; disabled: boolean; value?: unknown; onChange?: (v: unknown) => void }) {
  return <>{render({ value, onChange, disabled })}</>;
}

function defaultControl(field: FieldDef, disabled: boolean, testid: string, lang: string): ReactNode {
  switch (field.type) {
    case 'text':
      return <Input.TextArea rows={2} disabled={disabled} data-testid={testid} />;
    case 'integer':
      return <InputNumber precision={0} disabled={disabled} data-testid={testid} />;
    case 'select':
      return (
        <Radio.Group disabled={disabled} data-testid={testid} options={(Array.isArray(field.options) ? field.options : []).map((o) => ({ value: o.value, label: pickLabel(o.label, lang) }))} />
      );
    default:
      return <Input disabled={disabled} data-testid={testid} />;
  }
}
