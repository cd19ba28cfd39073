// utilsapi/users/options: the company's active users for reference pickers (a position's user, a
// vendor's owner, a production-line member). Only members of the caller's company are offered, so
// no company learns who works elsewhere; the save path accepts only accounts the company may see
// (server/src/engine/references.ts, docs/security.md 'References').
import { and, appUser, asc, eq, or, sql, userClient, type Api } from '@seamline/server/api';

const LIMIT = 20;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export function userRoutes(api: Api): void {
  api.get('utilsapi/users/options', { auth: true }, ({ session, query, tenant }) => {
    const search = typeof query.search === 'string' ? query.search.trim() : '';
    const pattern = `%${escapeLike(search)}%`;
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
          ),
        )
        .orderBy(asc(appUser.fullName))
        .limit(LIMIT),
    );
  });
}
