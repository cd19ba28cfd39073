// The engine hook of the flow area (web/src/engine/form/extensions.ts): on every document of an
// entity that declares `flow` the approval panel appears under the form, the form is read-only
// while the document is under approval or closed (DOC-05; the server refuses such saves anyway).
// A refused Submit says 'submit failed' (DOC-06) above the server's own reason: the request
// client names every failed action so (core failureKindOf), in one notification.
import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { isReadOnlyStatus } from '@seamline/core';
import { registerDocumentExtension, type DocumentExtension } from '@seamline/web/engine';

// The panel (and React Flow with it) loads only when a flow document is opened.
const ApprovalPanel = lazy(async () => ({ default: (await import('../panel/ApprovalPanel')).ApprovalPanel }));

export const flowDocumentExtension: DocumentExtension = {
  locked: (entry, doc) => !!entry.def.flow && isReadOnlyStatus(doc[entry.def.status?.field ?? 'status']),
  render: ({ entry, doc, refresh }) =>
    entry.def.flow && doc.id ? (
      <Suspense fallback={<Skeleton active />}>
        <ApprovalPanel key={String(doc.id)} entity={entry.def.name} recordId={String(doc.id)} version={doc.version} onChanged={() => void refresh()} />
      </Suspense>
    ) : null,
};

registerDocumentExtension(flowDocumentExtension);
