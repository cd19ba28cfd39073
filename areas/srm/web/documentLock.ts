// Sourcing documents the server no longer lets anyone edit show read-only (SRC-08): an activated
// or deactivated access-evaluation config, a concluded admission evaluation, a confirmed periodic
// evaluation. The transitions stay; the server refuses such saves anyway.
import { type DocumentExtension, registerDocumentExtension } from '@seamline/web/engine';

const EDITABLE_ONLY_IN: Record<string, string> = { 'access-eval-config': '0', 'admission-eval': '0', 'supplier-eval': '0' };

export const srmDocumentLock: DocumentExtension = {
  locked: (entry, doc) => entry.def.name in EDITABLE_ONLY_IN && !!doc.id && String(doc.status ?? '0') !== EDITABLE_ONLY_IN[entry.def.name],
};

registerDocumentExtension(srmDocumentLock);
