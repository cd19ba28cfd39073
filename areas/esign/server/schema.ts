// The e-signing table (docs/esign.md): one row per signature request — the QR code a desktop
// shows — which becomes the signature once a signer signs it on a phone. Only the SHA-256 of the
// token is stored; the token itself lives in the QR code alone. A tenant table (RLS, migration
// esign_rls). Relative imports: drizzle-kit reads this file through db/schema.ts.
import { businessColumns, index, integer, pgTable, text, timestampTz, uniqueIndex, uuid } from '@seamline/server/tables';

export const esignRequest = pgTable(
  'esign_request',
  {
    ...businessColumns(),
    /** The engine entity and record signed (e.g. 'vendor' and its id). */
    entity: text('entity').notNull(),
    recordId: uuid('record_id').notNull(),
    /** The document's display value when requested, for lists and the signing page. */
    title: text('title').notNull().default(''),
    tokenHash: text('token_hash').notNull(),
    /** PENDING | SIGNED | EXPIRED (replaced by a newer code); a PENDING row past expires_at is expired too. */
    status: text('status').notNull().default('PENDING'),
    expiresAt: timestampTz('expires_at').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    /** The approval node it is bound to (areas/flow cpm_instance and its node_seq), by reference. */
    flowInstanceId: uuid('flow_instance_id'),
    nodeSeq: integer('node_seq'),
    nodeName: text('node_name'),
    signerId: uuid('signer_id'),
    signerName: text('signer_name'),
    signedAt: timestampTz('signed_at'),
    signerIp: text('signer_ip'),
    /** SHA-256 (hex) of the canonical JSON (RFC 8785) of the document as the engine read it at signing. */
    docHash: text('doc_hash'),
    /** The drawn signature, a PNG data URL. */
    image: text('image'),
  },
  (t) => [
    uniqueIndex('esign_request_token_uq').on(t.tokenHash),
    index('esign_request_doc_idx').on(t.clientId, t.entity, t.recordId),
    index('esign_request_list_idx').on(t.clientId, t.createdAt),
  ],
);
