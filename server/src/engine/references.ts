// Reference fields: does a referenced row exist in the same company, and how does it read
// (its ref.displayField). Targets are engine entities, or the built-in 'user': an account the
// saving company may see (issue 11, docs/security.md 'References') — its own members, or members
// of a company linked with it through a vendor record (a vendor's contact is bound to an account
// of the vendor's own company); seamline_visible_users (migration 0034) decides. Any other user id
// is 'not found' and never labelled, so no answer names another tenant's people.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { RefFilter } from '@seamline/core';
import { isUuid, type Tx } from '../db';
import { appUser } from '../db/tables/tenancy';
import { actingMembers } from '../menuAccess';
import { storedFields } from './entityTables';
import type { Registry } from './registry';

export interface ReferenceTarget {
  /**
   * The ids among `ids` that exist in the company (and meet `filter`, a field's ref.filter);
   * `lock` keeps them from being deleted until commit.
   */
  existing(tx: Tx, clientId: string, ids: readonly string[], lock: boolean, filter?: RefFilter): Promise<Set<string>>;
  labels(tx: Tx, clientId: string, ids: readonly string[], displayField: string): Promise<Map<string, string>>;
}

const USER_LABELS = { full_name: appUser.fullName, username: appUser.username, email: appUser.email } as const;

/**
 * The ids among `ids` that `clientId` may see (see the header). Outside a tenant — the platform's
 * own seeds, which link a vendor and bind its contact in one save — any existing account.
 */
export async function visibleUserIds(tx: Tx, clientId: string, ids: readonly string[]): Promise<string[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  const array = sql`array[${sql.join(valid.map((id) => sql`${id}`), sql`, `)}]::uuid[]`;
  const res = await tx.execute(sql`
    select u.id from app_user u
     where u.id = any(${array})
       and (seamline_client_id() is null or u.id in (select seamline_visible_users(${clientId}::uuid, ${array})))`);
  return (res as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
}

/**
 * A user reference's ref.filter `{ menu: CODE }` narrows it to the people of the company who act
 * there and open that menu (menuAccess actingMembers): a reviewer who can score, say. The picker
 * (utilsapi/users/options?menu=CODE) offers the same people.
 */
const userTarget: ReferenceTarget = {
  async existing(tx, clientId, ids, _lock, filter) {
    const visible = await visibleUserIds(tx, clientId, ids);
    const menu = filter?.menu;
    if (menu === undefined || visible.length === 0) return new Set(visible);
    const code = typeof menu === 'string' ? menu : menu[0]!;
    const array = sql`array[${sql.join(visible.map((id) => sql`${id}`), sql`, `)}]::uuid[]`;
    const res = await tx.execute(sql`select user_id as id from (${actingMembers(clientId, { menu: code })}) m where m.user_id = any(${array})`);
    return new Set((res as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id));
  },
  async labels(tx, clientId, ids, displayField) {
    const visible = await visibleUserIds(tx, clientId, ids);
    if (visible.length === 0) return new Map();
    const col = USER_LABELS[displayField as keyof typeof USER_LABELS] ?? appUser.fullName;
    const rows = await tx
      .select({ id: appUser.id, label: sql<string>`coalesce(${col}, ${appUser.username})` })
      .from(appUser)
      .where(inArray(appUser.id, visible));
    return new Map(rows.map((r) => [r.id, r.label]));
  },
};

/** How references to `entity` resolve in this app; throws for a target nobody provides. */
export function referenceTarget(registry: Registry, entity: string): ReferenceTarget {
  const reg = registry.get(entity);
  if (!reg) {
    if (entity === 'user') return userTarget;
    throw new Error(`reference to unknown entity '${entity}'`);
  }
  const main = reg.tables.main;
  return {
    async existing(tx, clientId, ids, lock, filter) {
      const valid = [...new Set(ids.filter(isUuid))];
      if (valid.length === 0) return new Set();
      const narrowed: SQL[] = Object.entries(filter ?? {}).map(([key, v]) => {
        if (!main[key]) throw new Error(`ref.filter of a reference to '${entity}' names no field '${key}'`);
        return inArray(sql`(${main[key]})::text`, Array.isArray(v) ? [...v] : [v as string]);
      });
      const q = tx.select({ id: main.id }).from(main).where(and(eq(main.client_id, clientId), inArray(main.id, valid), ...narrowed));
      const rows = (await (lock ? q.for('key share') : q)) as Array<{ id: string }>;
      return new Set(rows.map((r) => r.id));
    },
    async labels(tx, clientId, ids, displayField) {
      const valid = [...new Set(ids.filter(isUuid))];
      if (valid.length === 0) return new Map();
      const name = storedFields(reg.def.fields).some((f) => f.name === displayField) ? displayField : reg.def.display;
      const rows = (await tx
        .select({ id: main.id, label: sql<string | null>`(${main[name]})::text` })
        .from(main)
        .where(and(eq(main.client_id, clientId), inArray(main.id, valid)))) as Array<{ id: string; label: string | null }>;
      return new Map(rows.map((r) => [r.id, r.label ?? '']));
    },
  };
}
