// Event subscriptions (issue 27): each named event type (meta/events) is published, as it
// happens, to every company the business event concerns that subscribed a target to it (an
// out-API config, usage 'event', API ID = the type). The delivery is the bus's own — queued in the
// event's transaction (an action that rolls back publishes nothing), signed, retried, logged in
// the subscriber's delivery log — and its one item is the event in Standard Webhooks' shape:
// {type, id, timestamp, data} (the id and timestamp stay the same over the delivery's retries;
// the Idempotency-Key header is the delivery's id). The companies concerned: the one the event happened in, the buyer or supplier it
// names, and both companies of each customer order it names. Another company's subscriptions are
// reached through outapi_event_deliveries (migration 0084, SECURITY DEFINER), which writes them
// only for a company the caller shares an order or a material order with.
import { randomUUID } from 'node:crypto';
import { isUuid, onBusinessEvent, sql, sqlRows, type BusinessEvent, type Tx } from '@seamline/server/api';
import { OUT_EVENT_TYPES } from '../meta';
import { deliveryBody, enqueueFromListener } from './deliveries';
import { outApiSettings } from './settings';

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter(isUuid).map(String) : []);

/** The companies an event concerns (see the head comment). */
async function concerned(tx: Tx, ev: BusinessEvent): Promise<string[]> {
  const out = new Set<string>([ev.clientId]);
  for (const k of ['supplier_client_id', 'buyer_client_id']) if (isUuid(ev.data[k])) out.add(String(ev.data[k]));
  const orders = ids(ev.data.customer_order_ids);
  if (orders.length) {
    // Only orders the caller may read (row-level security): its own, or placed by it.
    for (const o of await sqlRows<{ client_id: string; buyer: string | null }>(tx, sql`select client_id::text as client_id, buyer_client_id as buyer from ord_customer_order where id = any(${`{${orders.join(',')}}`}::uuid[])`)) {
      out.add(o.client_id);
      if (isUuid(o.buyer)) out.add(String(o.buyer));
    }
  }
  return [...out];
}

export function registerOutEvents(): void {
  for (const type of OUT_EVENT_TYPES) {
    onBusinessEvent(type.from, 'outapi:event-subscriptions', async (tx, ev) => {
      const companies = await concerned(tx, ev);
      const item = { type: type.name, id: randomUUID(), timestamp: new Date().toISOString(), data: ev.data };
      const body = deliveryBody(type.name, [item]);
      const failAfter = outApiSettings().maxAttempts;
      for (const company of companies) {
        const made = await sqlRows<{ delivery_id: string; job_id: string }>(
          tx,
          sql`select delivery_id::text as delivery_id, job_id::text as job_id from outapi_event_deliveries(${company}::uuid, ${type.name}, ${body}, ${ev.userId}::uuid, ${failAfter})`,
        );
        for (const d of made) await enqueueFromListener(tx, d.job_id, d.delivery_id);
      }
    });
  }
}
