// A list of records with its editor, for screens whose records are not engine definitions (the
// users administration) and, through DefinitionRecords, for definitions whose records come from an
// area's own routes (roles, serial numbers): the page frame with its 'new' button,
// the table (double click or 'edit' opens a row), the actions column (edit, the screen's own
// actions, delete after a confirmation), and the editor in a drawer or a modal that saves through
// useRecordSave. The screen brings its columns, its editor's fields and its texts.
import { useState, type ReactNode } from 'react';
import { Button, Card, Drawer, Modal, Popconfirm, Space, Table, type FormInstance, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { toastSuccess } from '../../api';

export type RecordRow = Record<string, any>;
type ColumnsType<T> = NonNullable<TableProps<T>['columns']>;

export interface RecordListProps<T extends RecordRow> {
  /** The screen's name for assistive technology (the shell shows the menu's title above it). */
  title: string;
  testId: string;
  /** The 'new' button; absent, nobody may create. */
  create?: { label: string; testId: string };
  /** Above the table: filters. */
  toolbar?: ReactNode;
  rows: T[];
  loading: boolean;
  columns: ColumnsType<T>;
  /** The actions column; absent, rows open only by double click. */
  actions?: {
    title: string;
    edit: { label: string; testId: (row: T) => string };
    /** The screen's own actions, after 'edit'. */
    extra?: (row: T) => ReactNode;
    /** Delete after a confirmation; absent (or undefined for this user), no delete. */
    remove?: { label: string; confirm: (row: T) => string; onConfirm: (row: T) => unknown };
  };
  tableTestId?: string;
  /** Paging, sorting on the server, scrolling: passed to the table (no paging by default). */
  table?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'loading' | 'rowKey' | 'size' | 'onRow'>;
  /** The editor of one row, or of a new one (row null); close() takes it away. */
  editor: (row: T | null, close: () => void) => ReactNode;
}

export function RecordList<T extends RecordRow>({ title, testId, create, toolbar, rows, loading, columns, tableTestId, actions, table, editor }: RecordListProps<T>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const actionColumn: ColumnsType<T> = actions
    ? [
        {
          title: actions.title,
          key: 'actions',
          render: (_: unknown, row: T) => (
            <Space size={4}>
              <Button size="small" type="link" onClick={() => setEditing(row)} data-testid={actions.edit.testId(row)}>
                {actions.edit.label}
              </Button>
              {actions.extra?.(row)}
              {actions.remove && (
                <Popconfirm title={actions.remove.confirm(row)} onConfirm={() => actions.remove!.onConfirm(row)}>
                  <Button size="small" type="link" danger>
                    {actions.remove.label}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]
    : [];
  return (
    <RecordPage
      title={title}
      testId={testId}
      extra={
        create && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={create.testId}>
            {create.label}
          </Button>
        )
      }
    >
      {toolbar}
      <Table<T>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        {...table}
        data-testid={tableTestId}
        onRow={(row) => ({ onDoubleClick: () => setEditing(row) })}
        columns={[...columns, ...actionColumn]}
      />
      {editing && editor(editing === 'new' ? null : editing, () => setEditing(null))}
    </RecordPage>
  );
}

/** The frame of such a screen: its toolbar on the right, its content in a card. */
export function RecordPage({ title, extra, children, testId }: { title: string; extra?: ReactNode; children: ReactNode; testId: string }) {
  return (
    // The shell already shows the menu's title above the page; the screen names itself for
    // assistive technology and keeps its toolbar.
    <section data-testid={testId} aria-label={title} style={{ padding: 16 }}>
      {extra && <Space style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 12 }}>{extra}</Space>}
      <Card size="small">{children}</Card>
    </section>
  );
}

export interface RecordEditorProps {
  /** A drawer (room for many fields) or a modal (a few). */
  as: 'drawer' | 'modal';
  title: string;
  /** Drawers only (a modal keeps antd's width). */
  width?: number;
  /** No save (drawers: no buttons at all; the fields say whether they can be changed). */
  readOnly?: boolean;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  labels: { save: string; cancel: string };
  saveTestId: string;
  children: ReactNode;
}

export function RecordEditor({ as, title, width, readOnly = false, saving, onSave, onClose, labels, saveTestId, children }: RecordEditorProps) {
  if (as === 'modal')
    return (
      <Modal
        open
        title={title}
        onCancel={onClose}
        onOk={onSave}
        confirmLoading={saving}
        okText={labels.save}
        cancelText={labels.cancel}
        destroyOnHidden
        okButtonProps={{ 'data-testid': saveTestId } as Record<string, string>}
      >
        {children}
      </Modal>
    );
  return (
    <Drawer
      open
      width={width}
      title={title}
      onClose={onClose}
      destroyOnHidden
      extra={
        !readOnly && (
          <Space>
            <Button onClick={onClose}>{labels.cancel}</Button>
            <Button type="primary" loading={saving} onClick={onSave} data-testid={saveTestId}>
              {labels.save}
            </Button>
          </Space>
        )
      }
    >
      {children}
    </Drawer>
  );
}

export interface RecordSaveOptions<V> {
  /** Sends the form's checked values. */
  submit: (values: V) => Promise<unknown>;
  /** The toast after saving. */
  savedText: string;
  /** After the toast: refresh the list, close the editor. */
  onSaved: () => void;
  /** A refusal: put its messages on the form's fields. */
  onError: (form: FormInstance, err: unknown) => void;
}

/** Save of a record editor: checks the form, sends it once at a time, says so, reports refusals. */
export function useRecordSave<V = RecordRow>(form: FormInstance, { submit, savedText, onSaved, onError }: RecordSaveOptions<V>) {
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = (await form.validateFields().catch(() => null)) as V | null;
    if (!values) return;
    setSaving(true);
    try {
      await submit(values);
      toastSuccess(savedText);
      onSaved();
    } catch (err) {
      onError(form, err);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
