// A definition's records in the list + editor frame (RecordList, RecordEditor), for screens whose
// records come from their own routes rather than the generic endpoints (the administration screens:
// roles, serial numbers, users). The definition gives the columns (list.columns), the editor's
// fields, their labels in both languages, required marks, validators and upper-casing; the screen
// adds what a definition cannot say as extensions: a column's rendering, filters above the table,
// paging and sorting on the server, a row's own actions, a field's control (a tree of menus), the
// editor's sections and what the loaded record decides of a field (greyed out, hidden), the detail
// it loads, what it posts.
import { type ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { pickLabel, validateValue, type EntityDef, type FieldDef } from '@seamline/core';
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
  /** Above the table: the screen's filters. */
  toolbar?: ReactNode;
  /** Rows paged and sorted on the server (the sortable columns then sort there); absent, one page sorted in the browser. */
  paging?: ServerPaging;
  /** The row's own actions, after 'edit' (freeze, remove …). */
  rowActions?: (row: T) => ReactNode;
  /** The 'edit' link's test id; default `<key>-edit-<display>`. */
  editTestId?: (row: T) => string;
  tableTestId?: string;
  /** Rows wider than the card (long texts, several actions) scroll inside it, never the whole page. */
  wide?: boolean;
}

/** The page of a server-paged list the screen asks for. */
export interface ListPaging {
  page: number;
  size: number;
  sort?: { field: string; order: 'asc' | 'desc' };
}

export interface ServerPaging {
  state: ListPaging;
  total: number;
  /** '{count} records' in the user's language. */
  totalText: (count: number) => string;
  onChange: (next: ListPaging) => void;
}

/** What the record being edited decides of one field (absent: as the definition says). */
export interface FieldState {
  disabled?: boolean;
  hidden?: boolean;
  required?: boolean;
  label?: string;
  placeholder?: string;
}

/** A titled group of the editor's fields, two to a row on wide screens. */
export interface EditorSection {
  title: string;
  fields: string[];
  /** Below the title (e.g. why some fields are greyed out). */
  note?: (doc: RecordRow | null) => ReactNode;
}

export interface DefinitionEditorOptions<T extends RecordRow> {
  as: 'drawer' | 'modal';
  width?: number;
  /** The fields' controls a definition cannot draw, by field name. */
  controls?: Record<string, (props: RecordControlProps) => ReactNode>;
  /** Below the fields (a preview of what the values give, what the record shows but does not edit). */
  footer?: (values: RecordRow, doc: RecordRow | null) => ReactNode;
  /** The fields in titled sections; absent, one column of every editable field. */
  sections?: EditorSection[];
  /** What the loaded record decides of a field: greyed out, hidden, required, its label or placeholder. */
  fieldState?: (field: FieldDef, doc: RecordRow | null) => FieldState | undefined;
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

/** A column's sorter: on the server (controlled by the page asked for) or in the browser. */
function sortOf(name: string, paging: ServerPaging | undefined) {
  if (!paging) return { sorter: sorterOf(name) };
  const sort = paging.state.sort;
  return { sorter: true, sortOrder: sort?.field === name ? (sort.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null };
}

/** The table's paging and its change for a server-paged list: page, size and the one sorted column. */
function serverTable<T>(paging: ServerPaging): RecordListProps<T & RecordRow>['table'] {
  return {
    pagination: { current: paging.state.page, pageSize: paging.state.size, total: paging.total, showSizeChanger: true, showTotal: paging.totalText },
    onChange: (pg, _f, sorter) => {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      paging.onChange({
        page: pg.current ?? 1,
        size: pg.pageSize ?? paging.state.size,
        sort: s?.order && typeof s.field === 'string' ? { field: s.field, order: s.order === 'descend' ? 'desc' : 'asc' } : undefined,
      });
    },
  };
}

/** A definition's list columns (list.columns) with their labels in the user's language, sorters and renders. */
export function useDefinitionColumns<T extends RecordRow>(
  def: EntityDef,
  { sortable = [], renders = {}, paging }: { sortable?: string[]; renders?: Record<string, (value: any, row: T) => ReactNode>; paging?: ServerPaging } = {},
): RecordListProps<T>['columns'] {
  const lang = useLang();
  const byName = new Map(def.fields.map((f) => [f.name, f]));
  return def.list.columns.map((name) => ({
    title: pickLabel(byName.get(name)?.label, lang),
    dataIndex: name,
    ...(sortable.includes(name) ? sortOf(name, paging) : {}),
    ...(renders[name] ? { render: renders[name] } : {}),
  }));
}

export function DefinitionRecords<T extends RecordRow>(props: DefinitionRecordsProps<T>) {
  const { def, testKey, testId, rows, loading, sortable, renders, texts, writable, remove, editor, paging } = props;
  const columns = useDefinitionColumns<T>(def, { sortable, renders, paging });
  return (
    <RecordList<T>
      title={texts.title}
      testId={testId}
      create={writable ? { label: texts.create, testId: `${testKey}-new` } : undefined}
      toolbar={props.toolbar}
      rows={rows}
      loading={loading}
      columns={columns}
      tableTestId={props.tableTestId}
      table={{ ...(paging ? serverTable<T>(paging) : {}), ...(props.wide ? { scroll: { x: 'max-content' } } : {}) }}
      actions={{
        title: texts.actions,
        edit: { label: texts.editAction, testId: props.editTestId ?? ((row) => `${testKey}-edit-${row[def.display]}`) },
        extra: props.rowActions,
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
  const editable = def.fields.filter((f) => !f.readOnly);
  const field = (f: FieldDef) => {
    const state = options.fieldState?.(f, doc) ?? {};
    if (state.hidden) return null;
    return <DefinitionField key={f.name} field={f} state={state} testKey={testKey} disabled={readOnly || !!state.disabled} control={options.controls?.[f.name]} />;
  };
  const byName = new Map(editable.map((f) => [f.name, f]));
  const sections = options.sections?.map((s) => (
    <div key={s.title}>
      <Typography.Title level={5}>{s.title}</Typography.Title>
      {s.note?.(doc)}
      <Row gutter={16}>
        {s.fields.map((name) => {
          const f = byName.get(name);
          const item = f && field(f);
          return item && <Col xs={24} md={12} key={name}>{item}</Col>;
        })}
      </Row>
    </div>
  ));
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
          {sections ?? editable.map(field)}
          {options.footer?.(values ?? {}, doc)}
        </Form>
      )}
    </RecordEditor>
  );
}

function DefinitionField({ field, state, testKey, disabled, control }: { field: FieldDef; state: FieldState; testKey: string; disabled: boolean; control?: (props: RecordControlProps) => ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rules: Rule[] = [
    ...((state.required ?? field.required) ? [{ required: true, message: t('val.required') }] : []),
    // The definition's validators (email, mobile …), with core's message in the user's language.
    ...(field.validators?.length
      ? [{ validator: async (_: unknown, v: unknown) => { const r = validateValue(v, field.validators, lang); if (r.hasError) throw new Error(r.errorMsg); } }]
      : []),
  ];
  const testid = `${testKey}-field-${field.name}`;
  return (
    <Form.Item
      name={field.name}
      label={state.label ?? pickLabel(field.label, lang)}
      tooltip={field.hint ? pickLabel(field.hint, lang) : undefined}
      rules={rules}
      normalize={field.upperCase ? (v: string) => v?.toUpperCase() : undefined}
    >
      {control ? <Controlled render={control} disabled={disabled} /> : defaultControl(field, disabled, testid, lang, state.placeholder)}
    </Form.Item>
  );
}

/** An extension's control inside Form.Item, which hands it value and onChange. */
function Controlled({ render, disabled, value, onChange }: { render: (props: RecordControlProps) => ReactNode; disabled: boolean; value?: unknown; onChange?: (v: unknown) => void }) {
  return <>{render({ value, onChange, disabled })}</>;
}

function defaultControl(field: FieldDef, disabled: boolean, testid: string, lang: string, placeholder?: string): ReactNode {
  switch (field.type) {
    case 'text':
      return <Input.TextArea rows={2} disabled={disabled} data-testid={testid} />;
    case 'integer':
      return <InputNumber precision={0} disabled={disabled} data-testid={testid} />;
    case 'select':
      return (
        <Select
          allowClear={!field.required}
          disabled={disabled}
          data-testid={testid}
          options={(Array.isArray(field.options) ? field.options : []).map((o) => ({ value: o.value, label: pickLabel(o.label, lang) }))}
        />
      );
    default:
      return <Input disabled={disabled} placeholder={placeholder} data-testid={testid} />;
  }
}
