// What an area adds to the engine for one entity: server logic no definition can state, such as
// a field computed from other tables or a check across rows (registerEntities({ hooks })).
import type { FieldErrors } from '@seamline/core';
import type { TransitionDef } from '@seamline/core';
import type { Tx } from '../db';
import type { Registered } from './registry';
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

/** Where rows are in use (spec §8 'process in use … still process'). */
export interface Usage {
  /** How many uses there are (0: not in use). */
  count: number;
  /** What uses them, as texts in the user's language (may list fewer than `count`). */
  where: string[];
}

export interface EntityHooks {
  /**
   * Runs in the save transaction after the definition's own checks, references and uniqueness,
   * once per save call with every document of it (a batch import calls it per batch). Set
   * computed values in `doc.write` or report problems with `doc.error`; nothing is written when
   * any document has an error.
   */
  beforeWrite?(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void>;
  /**
   * Where stored rows are in use. A delete of rows in use, and a save changing one of
   * `inUseFields` of a row in use, are refused with HTTP 400 `data: {warning: 'IN_USE', count,
   * usages}` until the request confirms with `force=1` (SaveContext.force). Uses among the rows
   * themselves should not count. Build it from usage finders with `usageHooks`.
   */
  inUse?(tx: Tx, ids: readonly string[], ctx: SaveContext): Promise<Usage | null>;
  /**
   * A confirmed delete of rows in use lets go of them first, in the same transaction (e.g.
   * children of a tree move to the top level), so the engine's reference check passes.
   */
  releaseInUse?(tx: Tx, ids: readonly string[], ctx: SaveContext): Promise<void>;
  /** Fields whose change on a row in use needs the confirmation (default: none, only delete asks). */
  inUseFields?: readonly string[];
  /** Message key of the warning (default 'engine.inUse'). */
  inUseMessage?: string;
}

/**
 * The approval runtime (areas/flow) seen from the engine: called after a transition of an entity
 * that declares `flow`, in the same transaction (submit starts the flow instance; cancel closes it).
 */
/** The current approval node of a document under approval (FLOW-16: its text and colour show wherever its status does). */
export interface FlowNodeStatus {
  status_code: string;
  text: string;
  color: string | null;
}

export interface FlowRuntimeHooks {
  afterTransition(tx: Tx, reg: Registered, tr: TransitionDef, row: Row, ctx: SaveContext): Promise<void>;
  /** The current node per record id, for the records of `entity` among `ids` whose flow is running. */
  currentNodes?(tx: Tx, clientId: string, entity: string, ids: readonly string[]): Promise<Map<string, FlowNodeStatus>>;
}
