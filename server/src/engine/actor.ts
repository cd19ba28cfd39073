// Who is acting, as the engine needs it: roles (dashroles), the company's licence type (for
// conditions on `session.*`), the data-authorization rules on the entity's menu, and the checks
// of entity permissions. Read in the tenant transaction once, then kept per node with what the
// user opens (menuAccess.ts cachedForViewer): role, menu and data-rule changes (menusChanged) and
// membership changes (membershipChanged) drop it on every node before they answer.
import { sql } from 'drizzle-orm';
import { rolesAllow, type DataRule, type EntityDef, type Lang, type RoleRequirement, type SessionContext, type TransitionDef } from '@seamline/core';
import type { Session } from '../auth/session';
import type { Tx } from '../db';
import { cachedForViewer, seesAllMenus } from '../menuAccess';
import type { Registered } from './registry';

export interface Actor {
  session: Session;
  roles: string[];
  /** Data rules of this user on the entity's menu (empty: every row visible). */
  rules: DataRule[];
  /** What conditions (`session.x`) and role requirements read. */
  context: SessionContext;
  lang: Lang;
  /**
   * Whether the user opens the entity's menu (server/src/menuAccess.ts rule); null when the entity
   * has no menu in the catalogue or the actor was loaded without an entity. Writes need it.
   */
  menuOpen: boolean | null;
}

type FactsRow = { roles: string[] | null; license_type: string | null; rules: DataRule[] | string | null; menu_open: boolean | null };

interface Facts {
  roles: string[];
  licenseType: string;
  rules: DataRule[];
  menuOpen: boolean | null;
}

/** Loads the actor; `reg` decides which menu's data rules apply (none without it). */
export async function loadActor(tx: Tx, session: Session, lang: Lang, reg?: Registered): Promise<Actor> {
  const part = `actor|${reg ? (reg.menuCode ?? reg.menuUrls.join(' ')) : ''}`;
  const { roles, licenseType, rules, menuOpen } = await cachedForViewer(session, part, () => readFacts(tx, session, reg));
  return {
    session,
    roles,
    rules,
    lang,
    menuOpen,
    context: {
      dashroles: roles,
      id: session.userId,
      username: session.username,
      clientid: session.clientId,
      user_type: session.userType,
      is_super_admin: session.isSuperAdmin,
      license_type: licenseType,
      language: lang,
    },
  };
}

/** One statement: the user's roles, the company's licence type, data rules and menu access. */
async function readFacts(tx: Tx, session: Session, reg?: Registered): Promise<Facts> {
  const menu = reg
    ? reg.menuCode !== undefined
      ? sql`${reg.menuCode}`
      : sql`(select m.code from menu m where m.url in (${sql.join(reg.menuUrls.map((u) => sql`${u}`), sql`, `)}) order by m.code limit 1)`
    : sql`null`;
  const res = await tx.execute(sql`
    select
      (select array_agg(r.code order by r.code) from user_role ur join role r on r.id = ur.role_id and r.client_id = ur.client_id
        where ur.client_id = ${session.clientId} and ur.user_id = ${session.userId}) as roles,
      (select c.license_type from client c where c.id = ${session.clientId}) as license_type,
      (select json_agg(json_build_object('menu', d.menu_code, 'field', d.field, 'operator', d.operator, 'value', d.value) order by d.created_at, d.id)
         from data_rule d
        where d.client_id = ${session.clientId} and d.user_id = ${session.userId} and d.menu_code = ${menu}) as rules,
      (select case when m.id is null then null
                   else exists (select 1 from client_menu cm where cm.client_id = ${session.clientId} and cm.menu_id = m.id
                                and (${seesAllMenus(session)} or exists (
                                  select 1 from role_menu rm join user_role ur on ur.role_id = rm.role_id and ur.client_id = rm.client_id
                                   where rm.client_id = ${session.clientId} and rm.menu_id = m.id and ur.user_id = ${session.userId})))
              end
         from (select ${menu} as code) e left join menu m on m.code = e.code) as menu_open`);
  const row = (res as unknown as { rows: FactsRow[] }).rows[0];
  const rawRules = row?.rules ?? [];
  return {
    roles: row?.roles ?? [],
    licenseType: row?.license_type ?? '',
    rules: (typeof rawRules === 'string' ? JSON.parse(rawRules) : rawRules) as DataRule[],
    menuOpen: row?.menu_open ?? null,
  };
}

const isAdmin = (actor: Actor) => actor.session.userType === 'ADMIN' || actor.session.isSuperAdmin;

/** A guest (user type GUEST) looks and writes nothing, whatever roles they were given (docs/accounts.md). */
const isGuest = (actor: Actor) => actor.session.userType === 'GUEST' && !actor.session.isSuperAdmin;

const meets = (actor: Actor, req: RoleRequirement, routeAction: string) => rolesAllow(req, actor.roles, routeAction);

/**
 * Read: `permissions.read` when given (company administrators always may), else any member; a
 * configuration entity (`readNeedsMenu`) also needs the user to open its menu (CFG-28).
 */
export function canRead(def: EntityDef, actor: Actor): boolean {
  if (isAdmin(actor)) return true;
  if (def.readNeedsMenu && actor.menuOpen === false) return false;
  const req = def.permissions?.read;
  return !req || meets(actor, req, 'view');
}

/**
 * Write: company administrators (user type ADMIN), or a user meeting `permissions.write` who also
 * opens the entity's menu (when it has one) — a role alone does not reach a screen the user's menus
 * do not grant (docs/administration.md 'Permissions').
 */
export function canWrite(def: EntityDef, actor: Actor): boolean {
  if (isGuest(actor)) return false;
  const req = def.permissions?.write;
  return isAdmin(actor) || (!!req && meets(actor, req, 'edit') && actor.menuOpen !== false);
}

/** A transition: its own `roles` when given (administrators always may), else the write permission. */
export function canTransition(def: EntityDef, tr: TransitionDef, actor: Actor): boolean {
  if (isGuest(actor)) return false;
  return tr.roles ? isAdmin(actor) || (meets(actor, tr.roles, 'edit') && actor.menuOpen !== false) : canWrite(def, actor);
}
