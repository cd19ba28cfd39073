// Additions an area plugs into every engine document (DocumentPanel) without the engine knowing
// the area: the flow area mounts the approval panel under the form of flow-driven entities and
// locks the form while a document is under approval or closed. Extensions are registered once at
// load time (an area's register.ts); each decides per entity whether it applies.
import type { ReactNode } from 'react';
import type { TransitionDef } from '@seamline/core';
import type { Row } from '../data/source';
import type { EntityEntry } from '../registry';

export interface DocumentExtensionContext {
  entry: EntityEntry;
  /** The saved document as loaded (never the unsaved form values). */
  doc: Row;
  /** The form is read-only for this user / route. */
  readOnly: boolean;
  /** Re-reads the document (after the extension changed it on the server). */
  refresh: () => Promise<unknown>;
}

export interface DocumentExtension {
  /** Rendered below the form of a saved document; null when it does not apply. */
  render?: (ctx: DocumentExtensionContext) => ReactNode;
  /** True → every input disabled and no Save (the transitions stay). */
  locked?: (entry: EntityEntry, doc: Row) => boolean;
  /** A transition the server refused (after the client's own notification). */
  onTransitionFailed?: (entry: EntityEntry, tr: TransitionDef, err: unknown) => void;
}

const extensions: DocumentExtension[] = [];

export function registerDocumentExtension(ext: DocumentExtension): void {
  if (!extensions.includes(ext)) extensions.push(ext);
}

export function documentExtensions(): readonly DocumentExtension[] {
  return extensions;
}
