// A child table's rows for reading (print layout, sub-list page): one column per child field,
// cells hidden where the row's own conditions hide the field.
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { isVisible, pickLabel, type ChildTableDef, type EntityDef, type SessionContext } from '@seamline/core';
import { useLang } from '../../i18n';
import type { Row } from '../data/source';
import { FieldValue } from '../fields/FieldValue';

export function ChildRowsTable({ def, child, doc, session }: { def: EntityDef; child: ChildTableDef; doc: Row; session: SessionContext }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rows = Array.isArray(doc[child.name]) ? (doc[child.name] as Row[]) : [];
  return (
    <Table<Row>
      size="small"
      bordered
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowKey={(r) => String(r.id ?? rows.indexOf(r))}
      dataSource={rows}
      locale={{ emptyText: t('engine.child.empty', { name: pickLabel(child.label, lang) }) }}
      data-testid={`child-rows-${child.name}`}
      columns={[
        { key: '#', title: '#', width: 40, render: (_v, _r, i) => i + 1 },
        ...child.fields.map((f) => ({
          key: f.name,
          title: pickLabel(f.label, lang),
          render: (_v: unknown, r: Row) =>
            isVisible(f, { values: r, parent: doc, session, routeAction: 'view' }) ? <FieldValue field={f} value={r[f.name]} row={r} parent={doc} def={def} compact /> : null,
        })),
      ]}
    />
  );
}
