// utilsapi/users/options: the company's active users for reference pickers (a position's user, a
// vendor's owner, a production-line member). Only members of the caller's company are offered, so
// no company learns who works elsewhere; the save path accepts only accounts the company may see
// (server/src/engine/references.ts, docs/security.md 'References'). Only the people who take part
// in the company (menuAccess actingMembers, guests included); with `menu` (a user reference's
// ref.filter, e.g. an evaluation's reviewers) only those who act there and open that menu.
import { R, S, actingMembers, and, appUser, asc, eq, or, sql, userClient, type Api } from '@seamline/server/api';

const LIMIT = 20;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export function userRoutes(api: Api): void {
  api.get('utilsapi/users/options', { schema: R.get('Active members of my company for a picker', { query: { search: S.string('Part of a name or username'), menu: S.string('Only those who open this menu') }, response: S.list(S.object({ value: S.uuid(), label: S.string(), username: S.string() })) }), auth: true }, ({ session, query, tenant }) => {
    const search = typeof query.search === 'string' ? query.search.trim() : '';
    const pattern = `%${escapeLike(search)}%`;
    const menu = typeof query.menu === 'string' && query.menu ? query.menu : undefined;
    return tenant((tx) =>
      tx
        .select({ value: appUser.id, label: appUser.fullName, username: appUser.username })
        .from(userClient)
        .innerJoin(appUser, eq(appUser.id, userClient.userId))
        .where(
          and(
            eq(userClient.clientId, session.clientId),
            eq(appUser.status, 'ACTIVE'),
            search ? or(sql`${appUser.fullName} ilike ${pattern}`, sql`${appUser.username} ilike ${pattern}`) : undefined,
            // People of the company who can take part: never an invitation's placeholder, a
            // membership awaiting assignment, a frozen one or the platform's super admin (issue 23).
            sql`${appUser.id} in (${actingMembers(session.clientId, menu ? { menu } : { guests: true })})`,
          ),
        )
        .orderBy(asc(appUser.fullName))
        .limit(LIMIT),
    );
  });
}
