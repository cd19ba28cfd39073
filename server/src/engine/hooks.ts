// What an area adds to the engine for one entity: server logic no definition can state, such as
// a field computed from other tables or a check across rows (registerEntities({ hooks })).
import type { FieldErrors } from '@seamline/core';
import type { Tx } from '../db';
import type { SaveContext } from './save';
import type { Row } from './values';

export interface HookDocument {
  /** Position in the saved list. */
  index: number;
  id: string;
  created: boolean;
  /** The stored document (updates only). */
  existing?: Row;
  /** The document as checked: stored values, then the posted ones. */
  merged: Row;
  /** Column values about to be written to the entity's table; a hook may set more (read-only fields too). */
  write: Row;
  /** Child rows about to replace the stored ones, per child table (only tables being replaced). */
  children: Record<string, Row[]>;
  /** The field errors so far. */
  errors: FieldErrors;
  /** Adds a message to a field (or to a child row's field). */
  error(field: string, message: string, child?: { name: string; index: number }): void;
}

export interface EntityHooks {
  /**
   * Runs in the save transaction after the definition's own checks, references and uniqueness,
   * once per save call with every document of it (a batch import calls it per batch). Set
   * computed values in `doc.write` or report problems with `doc.error`; nothing is written when
   * any document has an error.
   */
  beforeWrite?(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void>;
}
