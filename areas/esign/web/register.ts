// E-signing screens: the list at /collab/index/esign (menu COLLAB_ESIGN), the phone's signing
// page at /zp/collab/page/esign, and — through the engine's document extensions — the 'Sign'
// action with the document's signatures under every saved engine document.
import { createElement, lazy, Suspense } from 'react';
import { addMessages, registerDocumentExtension, registerTemplate } from '@seamline/web/engine';
import { esignEn, esignZh } from './messages';

addMessages(esignEn, esignZh);

registerTemplate('index', 'collab', 'esign', () => import('./EsignListScreen'));
registerTemplate('zp.page', 'collab', 'esign', () => import('./SignPage'));

// The card (and the QR library with it) loads only when a document is opened.
const SignCard = lazy(() => import('./SignCard').then((m) => ({ default: m.SignCard })));

registerDocumentExtension({
  render: ({ entry, doc }) =>
    doc.id ? createElement(Suspense, { fallback: null }, createElement(SignCard, { entity: entry.def.name, recordId: String(doc.id), version: doc.version })) : null,
});
