// Helpers of the floor's API tests and benches: companies and tokens, saving engine documents,
// and a work order for a customer order of the demo brand (written directly: the floor needs
// one whatever state the documents' own screens leave).
import { sql } from '@seamline/server/api';
import { login, type ApiResponse, type TestServer } from '@seamline/server/testing';

export type Doc = Record<string, any>;
/** A test server or a bench server: what the helpers use of either. */
export type Srv = Pick<TestServer, 'db' | 'call'>;

export const ok = (res: ApiResponse) => {
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
};

export interface Party {
  token: string;
  clientId: string;
  userId: string;
}

/** Signs in (optionally switching to another company of the user). */
export async function party(srv: Srv, username: string, company?: string): Promise<Party> {
  const me = await login(srv.call, username);
  let token = me.token;
  let state = ok(await srv.call('GET', 'utilsapi/access/user-state', { token }));
  if (company && state.client_name !== company) {
    const target = state.companies.find((c: { client_name: string }) => c.client_name === company);
    token = ok(await srv.call('POST', 'utilsapi/access/switch-token', { token, form: { clientid: target.clientid } })).token;
    state = ok(await srv.call('GET', 'utilsapi/access/user-state', { token }));
  }
  return { token, clientId: state.clientid, userId: state.id };
}

export function client(srv: Srv, p: Party) {
  return {
    get: (path: string, query: Record<string, string> = {}) => srv.call('GET', path, { token: p.token, query }),
    post: (path: string, data: unknown) => srv.call('POST', path, { token: p.token, json: { DATA: data } }),
    save: async (entity: string, doc: Doc, prefix = 'scmapi') => ok(await srv.call('POST', `${prefix}/${entity}/save`, { token: p.token, json: { DATA: doc } })),
  };
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export async function idOf(srv: Srv, table: string, clientId: string, column: string, value: string): Promise<string> {
  const rows = await srv.db.asSystem((tx) => tx.execute(sql`select id from ${sql.identifier(table)} where client_id = ${clientId} and ${sql.identifier(column)} = ${value}`));
  const id = rowsOf<{ id: string }>(rows)[0]?.id;
  if (!id) throw new Error(`${table}.${column} = ${value} not found`);
  return id;
}

/**
 * A customer order placed by `brandClientId` at the factory and one work order for `processCode`
 * with colour × size quantities (status ACTIVE). Returns both ids.
 */
export async function makeWorkOrder(
  srv: Srv,
  factoryId: string,
  brandClientId: string | null,
  code: string,
  processCode: string,
  sizes: Array<[colour: string, size: string, qty: number]>,
): Promise<{ orderId: string; workOrderId: string }> {
  const processId = await idOf(srv, 'md_process', factoryId, 'process_code', processCode);
  const [plant] = rowsOf<{ id: string }>(await srv.db.asSystem((tx) => tx.execute(sql`select id from md_plant where client_id = ${factoryId} order by code limit 1`)));
  const total = sizes.reduce((s, [, , q]) => s + q, 0);
  return srv.db.asSystem(async (tx) => {
    const [order] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into ord_customer_order (client_id, code, status, buyer_client_id) values (${factoryId}, ${`CO-${code}`}, 'IN_PROGRESS', ${brandClientId}) returning id`),
    );
    const [wo] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into ord_work_order (client_id, code, customer_order_id, style_code, plant_id, process_id, qty, status)
        values (${factoryId}, ${code}, ${order!.id}, 'ST-100', ${plant!.id}, ${processId}, ${total}, 'ACTIVE') returning id`),
    );
    for (const [seq, [colour, size, qty]] of sizes.entries()) {
      await tx.execute(sql`insert into ord_work_order_sizes (client_id, parent_id, seq, colour, size, qty) values (${factoryId}, ${wo!.id}, ${seq}, ${colour}, ${size}, ${qty})`);
    }
    return { orderId: order!.id, workOrderId: wo!.id };
  });
}
