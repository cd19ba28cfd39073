// A document laid out for reading and printing: header fields in a descriptions grid, each child
// table as a plain table, values through the shared renderer. Nothing here is editable.
import { Descriptions, Typography } from 'antd';
import { isVisible, pickLabel, type EntityDef, type SessionContext } from '@seamline/core';
import { useLang } from '../../i18n';
import type { Row } from '../data/source';
import { FieldValue } from '../fields/FieldValue';
import { ChildRowsTable } from './ChildRowsTable';

export function PrintDocument({ def, doc, session }: { def: EntityDef; doc: Row; session: SessionContext }) {
  const lang = useLang();
  const ctx = { values: doc, session, routeAction: 'view' };
  const fields = def.fields.filter((f) => !f.isNotPost && isVisible(f, ctx));
  return (
    <div className="sl-print-document" data-testid="print-document">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={fields.map((f) => ({
          key: f.name,
          label: pickLabel(f.label, lang),
          span: f.type === 'text' || f.type === 'json' ? ('filled' as const) : 1,
          children: <FieldValue field={f} value={doc[f.name]} row={doc} def={def} />,
        }))}
      />
      {(def.children ?? []).map((c) => (
        <section key={c.name} className="sl-print-child">
          <Typography.Title level={5}>{pickLabel(c.label, lang)}</Typography.Title>
          <ChildRowsTable def={def} child={c} doc={doc} session={session} />
        </section>
      ))}
    </div>
  );
}
