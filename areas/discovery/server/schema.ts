// Connection requests between companies ('friends', spec §1 'friends discovery'). A request
// belongs to the company that sent it (client_id) and names the company it was sent to
// (to_client_id); RLS (migration *_discovery_rls.sql) lets the receiving company read it and
// answer it, and nobody else see it.
// Relative imports (not @seamline/server/api): drizzle-kit reads this file through db/schema.ts.
import { businessColumns, index, pgTable, text, timestampTz, unique, uuid } from '@seamline/server/tables';
import { client } from '@seamline/server/tables';

export const dscConnection = pgTable(
  'dsc_connection',
  {
    ...businessColumns(),
    toClientId: uuid('to_client_id')
      .notNull()
      .references(() => client.id),
    status: text('status').$type<'PENDING' | 'ACCEPTED' | 'REJECTED'>().notNull().default('PENDING'),
    message: text('message'),
    respondedBy: uuid('responded_by'),
    respondedAt: timestampTz('responded_at'),
  },
  (t) => [unique('dsc_connection_pair_uq').on(t.clientId, t.toClientId), index('dsc_connection_to_idx').on(t.toClientId, t.status)],
);
