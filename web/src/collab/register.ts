// Attachments and notes under every saved engine document (spec §1, DOC-07), whatever screen
// shows it: a document extension (web/src/engine/form/extensions.ts), loaded lazily with the panel.
import { createElement, lazy, Suspense } from 'react';
import { registerDocumentExtension } from '../engine/form/extensions';

const DocumentAttachments = lazy(() => import('./DocumentAttachments').then((m) => ({ default: m.DocumentAttachments })));

registerDocumentExtension({
  render: ({ entry, doc, readOnly }) =>
    doc.id
      ? createElement(Suspense, { fallback: null }, createElement(DocumentAttachments, { entity: entry.def.name, recordId: String(doc.id), readOnly }))
      : null,
});
