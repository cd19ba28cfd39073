// A child table of a document (contacts, prices, lines) as an editable table: one Form.List,
// one cell per child field with its own conditions (a row reads its values by name and the
// parent's as parent.x), add / remove rows, and the primary flag behaving like a radio group.
import type { ReactNode } from 'react';
import { Button, Card, Form, Radio, Table, Typography, type FormListFieldData, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { defaultValues, isDisabled, isVisible, pickLabel, type ChildTableDef, type FieldDef } from '@seamline/core';
import { useLang } from '../../i18n';
import { FieldItem, isRequired } from './FieldItem';
import { useEntityForm } from './formRuntime';

const WIDTH: Partial<Record<FieldDef['type'], number>> = {
  boolean: 90,
  integer: 110,
  decimal: 130,
  date: 150,
  datetime: 200,
  time: 130,
  text: 240,
  reference: 220,
  multiselect: 220,
  json: 240,
};

type RowValues = Record<string, unknown>;

function PrimaryRadio({ child, index, disabled, label }: { child: ChildTableDef; index: number; disabled: boolean; label: string }) {
  const { form, values } = useEntityForm();
  const rows = (values[child.name] as RowValues[] | undefined) ?? [];
  const checked = rows[index]?.[child.primaryFlag!] === true;
  return (
    <Radio
      checked={checked}
      disabled={disabled}
      aria-label={label}
      onChange={() => {
        const current = (form.getFieldValue(child.name) as RowValues[] | undefined) ?? [];
        form.setFieldValue(
          child.name,
          current.map((r, i) => ({ ...r, [child.primaryFlag!]: i === index })),
        );
      }}
    />
  );
}

function Cell({ child, field, index }: { child: ChildTableDef; field: FieldDef; index: number }) {
  const lang = useLang();
  const { rt, values, readOnly } = useEntityForm();
  const rows = (values[child.name] as RowValues[] | undefined) ?? [];
  const ctx = { values: rows[index] ?? {}, parent: values, session: rt.session, routeAction: rt.routeAction };
  if (!isVisible(field, ctx)) return null;
  const disabled = readOnly || isDisabled(field, ctx);
  const label = `${pickLabel(field.label, lang)} ${index + 1}`;
  const isPrimary = field.name === child.primaryFlag;
  return (
    <div data-field={`${child.name}.${index}.${field.name}`}>
      <FieldItem
        field={field}
        path={[child.name, index, field.name]}
        name={[index, field.name]}
        disabled={disabled}
        cell
        control={isPrimary && !field.readOnly ? <PrimaryRadio child={child} index={index} disabled={disabled} label={label} /> : undefined}
      />
    </div>
  );
}

/**
 * A child table whose rows belong to rows of another (`child.under`): one small table per row of
 * that table ('Entry no. 1 · <its material>'), each with its own add button that numbers the new
 * row for it; rows naming no such row are listed last so they can be fixed.
 */
function GroupedChildTable({ child }: { child: ChildTableDef }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { readOnly, values } = useEntityForm();
  const under = child.under!;
  const title = pickLabel(child.label, lang);
  const groupField = child.fields.find((f) => f.name === under.field);
  const groupLabel = groupField ? pickLabel(groupField.label, lang) : under.field;
  const parents = (values[under.child] as RowValues[] | undefined) ?? [];
  const own = (values[child.name] as RowValues[] | undefined) ?? [];
  const shown = child.fields.filter((f) => f.name !== under.field);
  return (
    <Card size="small" className="sl-child-table" title={title} data-testid={`child-${child.name}`}>
      <Form.List name={child.name}>
        {(rows, { add, remove }) => {
          const groupOf = (index: number) => Number(own[index]?.[under.field]);
          const groups = parents.map((parent, i) => ({ key: String(i + 1), no: i + 1, parent, rows: rows.filter((r) => groupOf(r.name) === i + 1) }));
          const loose = rows.filter((r) => !groups.some((g) => g.no === groupOf(r.name)));
          const table = (list: typeof rows, testId: string, withGroupField: boolean) => (
            <RowsTable
              rows={list}
              title={title}
              testId={testId}
              columns={[
                ...(withGroupField ? [groupField!] : shown).map((f) => fieldColumn(child, f, requiredTitle(f, readOnly, lang))),
                ...(withGroupField ? shown.map((f) => fieldColumn(child, f, pickLabel(f.label, lang))) : []),
                ...(readOnly ? [] : [removeColumn(child, remove, t)]),
              ]}
            />
          );
          return (
            <>
              {groups.length === 0 && loose.length === 0 ? <Typography.Text type="secondary">{t('engine.child.empty', { name: title })}</Typography.Text> : null}
              {groups.map((g) => (
                <div key={g.key} className="sl-child-group" data-testid={`child-${child.name}-group-${g.no}`} style={{ marginBottom: 12 }}>
                  <Typography.Text strong>
                    {groupLabel} {g.no}
                  </Typography.Text>
                  {table(g.rows, `child-${child.name}-rows-${g.no}`, false)}
                  {!readOnly && (
                    <Button
                      type="dashed"
                      size="small"
                      icon={<PlusOutlined />}
                      style={{ marginTop: 4 }}
                      data-testid={`child-${child.name}-add-${g.no}`}
                      onClick={() => add({ ...defaultValues(child.fields), [under.field]: g.no })}
                    >
                      {t('engine.child.add', { name: title })}
                    </Button>
                  )}
                </div>
              ))}
              {loose.length > 0 ? table(loose, `child-${child.name}-loose`, true) : null}
            </>
          );
        }}
      </Form.List>
    </Card>
  );
}

/** The table of a Form.List's rows (flat, or one group of them): a row a line, scrolling sideways,
 *  its empty text naming the child table. */
function RowsTable({ rows, title, columns, testId }: { rows: FormListFieldData[]; title: string; columns: TableColumnsType<FormListFieldData>; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="key"
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      locale={{ emptyText: t('engine.child.empty', { name: title }) }}
      columns={columns}
    />
  );
}

/** A field's header: its label, marked required where the row can be edited. */
const requiredTitle = (f: FieldDef, readOnly: boolean, lang: string) => (
  <span className={isRequired(f) && !readOnly ? 'sl-required-title' : undefined}>{pickLabel(f.label, lang)}</span>
);

/** A field's column: its cell is the field's input (or value) in row `name` of the Form.List. */
const fieldColumn = (child: ChildTableDef, f: FieldDef, title: ReactNode) => ({
  key: f.name,
  title,
  width: WIDTH[f.type] ?? 180,
  render: (_: unknown, row: { name: number }) => <Cell child={child} field={f} index={row.name} />,
});

/** The last column of an editable child table: remove the row. */
const removeColumn = (child: ChildTableDef, remove: (index: number) => void, t: ReturnType<typeof useTranslation>['t']) => ({
  key: 'actions',
  title: <span className="sl-visually-hidden">{t('engine.actions')}</span>,
  width: 52,
  render: (_: unknown, row: { name: number }) => (
    <Button
      type="text"
      danger
      size="small"
      icon={<DeleteOutlined />}
      aria-label={t('engine.child.remove', { n: row.name + 1 })}
      data-testid={`child-${child.name}-remove-${row.name}`}
      onClick={() => remove(row.name)}
    />
  ),
});

export function ChildTable({ child }: { child: ChildTableDef }) {
  if (child.under) return <GroupedChildTable child={child} />;
  return <FlatChildTable child={child} />;
}

function FlatChildTable({ child }: { child: ChildTableDef }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { readOnly } = useEntityForm();
  const title = pickLabel(child.label, lang);
  return (
    <Card size="small" className="sl-child-table" title={title} data-testid={`child-${child.name}`}>
      <Form.List name={child.name}>
        {(rows, { add, remove }) => (
          <>
            <RowsTable
              rows={rows}
              title={title}
              columns={[
                {
                  key: '#',
                  title: '#',
                  width: 44,
                  render: (_: unknown, row) => <Typography.Text type="secondary">{row.name + 1}</Typography.Text>,
                },
                ...child.fields.map((f) => fieldColumn(child, f, requiredTitle(f, readOnly, lang))),
                ...(readOnly ? [] : [{ ...removeColumn(child, remove, t), fixed: 'right' as const }]),
              ]}
            />
            {!readOnly && child.maxRows !== undefined && rows.length >= child.maxRows ? (
              // As many rows as the table takes (e.g. five case slots): no way to add one more.
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }} data-testid={`child-${child.name}-full`}>
                {t('engine.child.full', { name: title, n: child.maxRows })}
              </Typography.Text>
            ) : (
              !readOnly && (
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  style={{ marginTop: 8 }}
                  data-testid={`child-${child.name}-add`}
                  onClick={() => add(defaultValues(child.fields))}
                >
                  {t('engine.child.add', { name: title })}
                </Button>
              )
            )}
          </>
        )}
      </Form.List>
    </Card>
  );
}
