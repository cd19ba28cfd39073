// Demo data: a ticket category in the brand and in the garment factory, and one ticket the
// factory opened against the brand with a first comment. Idempotent (matched by codes).
import { and, appUser, client, eq, sql, type Tx } from './deps';
import { rowsOf } from './access';
import { tkTicket, tkTicketComment, tkTicketMember } from './schema';

const CATEGORIES = [
  { company: 'DEMO_BRAND', code: 'QUALITY', name: '质量异常', level: 'HIGH', owner: 'brand.admin', duration: 72, tags: ['质量'], attributes: ['QUALITY'] },
  { company: 'DEMO_BRAND', code: 'DELIVERY', name: '交期延误', level: 'MEDIUM', owner: 'brand.buyer', duration: 120, tags: ['交期'], attributes: ['DELIVERY'] },
  { company: 'DEMO_GARMENT', code: 'FABRIC', name: '面料问题', level: 'HIGH', owner: 'factory.admin', duration: 48, tags: ['面料', '色差'], attributes: ['QUALITY', 'COST'] },
];

const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;

export async function seedTickets(tx: Tx): Promise<void> {
  const companyId = async (code: string) => (await tx.select({ id: client.id }).from(client).where(eq(client.code, code)))[0]?.id;
  const userId = async (username: string) => (await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, username)))[0]?.id;

  for (const c of CATEGORIES) {
    const clientId = await companyId(c.company);
    const ownerId = await userId(c.owner);
    if (!clientId) continue;
    await tx.execute(sql`
      insert into tk_ticket_category (client_id, code, name, level, owner_id, duration_hours, tags, attributes)
      select ${clientId}, ${c.code}, ${c.name}, ${c.level}, ${ownerId ?? null}, ${c.duration}, ${textArray(c.tags)}, ${textArray(c.attributes)}
       where not exists (select 1 from tk_ticket_category where client_id = ${clientId} and code = ${c.code})`);
  }

  const factory = await companyId('DEMO_GARMENT');
  const brand = await companyId('DEMO_BRAND');
  const factoryAdmin = await userId('factory.admin');
  const brandAdmin = await userId('brand.admin');
  if (!factory || !brand || !factoryAdmin || !brandAdmin) return;
  const code = 'TK-DEMO-001';
  if ((await tx.select({ id: tkTicket.id }).from(tkTicket).where(and(eq(tkTicket.clientId, factory), eq(tkTicket.code, code)))).length) return;
  const categoryId = (await rowsOf<{ id: string }>(tx, sql`select id from tk_ticket_category where client_id = ${factory} and code = 'FABRIC'`))[0]?.id ?? null;
  const opened = new Date(Date.now() - 10 * 3_600_000);
  const [ticket] = await tx
    .insert(tkTicket)
    .values({
      clientId: factory,
      code,
      title: '大货面料色差 / Shade variation on bulk fabric',
      designNo: 'D-1001',
      tags: ['色差', '面料'],
      description: '第 2311 批次面料与确认样存在明显色差。',
      categoryId,
      counterpartClientId: brand,
      ownerId: factoryAdmin,
      isPublic: true,
      durationHours: 48,
      dueAt: new Date(opened.getTime() + 48 * 3_600_000),
      createdBy: factoryAdmin,
      createdAt: opened,
      updatedBy: factoryAdmin,
      updatedAt: opened,
    })
    .returning();
  await tx.insert(tkTicketMember).values([
    { clientId: factory, ticketId: ticket!.id, userId: factoryAdmin, memberClientId: factory, role: 'ADMIN', createdBy: factoryAdmin, createdAt: opened },
    { clientId: factory, ticketId: ticket!.id, userId: brandAdmin, memberClientId: brand, role: 'ADMIN', createdBy: factoryAdmin, createdAt: opened },
  ]);
  await tx.insert(tkTicketComment).values({
    clientId: factory,
    ticketId: ticket!.id,
    authorId: factoryAdmin,
    authorClientId: factory,
    body: '已隔离该批次面料，等待品牌方确认处理方案。',
    createdAt: opened,
  });
}
