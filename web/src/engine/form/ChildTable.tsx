// A child table of a document (contacts, prices, lines) as an editable table: one Form.List,
// one cell per child field with its own conditions (a row reads its values by name and the
// parent's as parent.x), add / remove rows, and the primary flag behaving like a radio group.
import { Button, Card, Form, Radio, Table, Typography } from 'antd';
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

export function ChildTable({ child }: { child: ChildTableDef }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { readOnly } = useEntityForm();
  const title = pickLabel(child.label, lang);
  return (
    <Card size="small" className="sl-child-table" title={title} data-testid={`child-${child.name}`}>
      <Form.List name={child.name}>
        {(rows, { add, remove }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              dataSource={rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('engine.child.empty', { name: title }) }}
              columns={[
                {
                  key: '#',
                  title: '#',
                  width: 44,
                  render: (_: unknown, row) => <Typography.Text type="secondary">{row.name + 1}</Typography.Text>,
                },
                ...child.fields.map((f) => ({
                  key: f.name,
                  title: (
                    <span className={isRequired(f) && !readOnly ? 'sl-required-title' : undefined}>{pickLabel(f.label, lang)}</span>
                  ),
                  width: WIDTH[f.type] ?? 180,
                  render: (_: unknown, row: { name: number }) => <Cell child={child} field={f} index={row.name} />,
                })),
                ...(readOnly
                  ? []
                  : [
                      {
                        key: 'actions',
                        title: <span className="sl-visually-hidden">{t('engine.actions')}</span>,
                        width: 52,
                        fixed: 'right' as const,
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
                      },
                    ]),
              ]}
            />
            {!readOnly && (
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
            )}
          </>
        )}
      </Form.List>
    </Card>
  );
}
