// The companies on the platform a vendor record can be linked to (its `supplier_client_id`): every
// other active company, by name, so a user picks the supplier's company instead of pasting a uuid
// (issue 13). Names and types only — the same a ticket's counterpart picker shows.
import { R, S, and, asc, client, eq, ne, sql, stringParam, type Api } from '@seamline/server/api';

/** At most this many companies per answer; the picker narrows with `search`. */
const MAX = 50;

export function platformCompanyRoutes(api: Api): void {
  api.get('mdapi/vendor/platform-companies', { schema: R.get('Companies on the platform a vendor may be linked to', { query: { search: S.string() }, response: S.list(S.object({ value: S.uuid(), label: S.string(), code: S.string(), type: S.string() })) }), auth: true, menu: 'SRM_VENDOR' }, (ctx) => {
    const search = stringParam(ctx.query, 'search')?.trim() ?? '';
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return ctx.tenant((tx) =>
      tx
        .select({ value: client.id, label: client.name, code: client.code, type: client.type })
        .from(client)
        .where(and(ne(client.id, ctx.session.clientId), eq(client.status, 'ACTIVE'), search ? sql`(${client.name} ilike ${like} or ${client.code} ilike ${like})` : undefined))
        .orderBy(asc(client.name))
        .limit(MAX),
    );
  });
}
