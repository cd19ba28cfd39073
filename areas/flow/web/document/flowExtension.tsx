// The engine hook of the flow area (web/src/engine/form/extensions.ts): on every document of an
// entity that declares `flow` the approval panel appears under the form, the form is read-only
// while the document is under approval or closed (DOC-05; the server refuses such saves anyway),
// and a refused Submit says 'submit failed' (DOC-06) besides the server's own reason.
import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import { isReadOnlyStatus } from '@seamline/core';
import { ApiError, toastError } from '../../../../web/src/api';
import { registerDocumentExtension, type DocumentExtension } from '../../../../web/src/engine/form/extensions';
import { i18n } from '../../../../web/src/i18n';

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
  onTransitionFailed: (entry, tr, err) => {
    // Beside the server's own reason only: after the client's generic 'operated failed' a second
    // message saying the same would be noise (two toasts for one refusal).
    const generic = err instanceof ApiError && err.shown && err.message === i18n.t('error.operatedFailed');
    if (entry.def.flow && tr.action === 'submit' && !generic) toastError(i18n.t('doc.submitFailed'));
  },
};

registerDocumentExtension(flowDocumentExtension);
