// Flow bindings (docs/flow.md 'Flow bindings'): the process a company chose for a document type.
// Submit asks here first; no binding (or its flow since deactivated or deleted) → the document
// type's default process code.
import { and, eq, type Tx } from '@seamline/server/api';
import { cpm_flow_binding, cpm_process } from './schema';

type Col = Record<string, any>;
const binding = cpm_flow_binding as unknown as Col;
const proc = cpm_process as unknown as Col;

/** The code of the active process the company bound to `entity`, or null. */
export async function boundProcessCode(tx: Tx, clientId: string, entity: string): Promise<string | null> {
  const [row] = await tx
    .select({ code: proc.code })
    .from(cpm_flow_binding)
    .innerJoin(cpm_process, and(eq(proc.id, binding.process_id), eq(proc.client_id, binding.client_id)))
    .where(and(eq(binding.client_id, clientId), eq(binding.entity, entity), eq(proc.active, true)));
  return row ? (row.code as string) : null;
}
