// Rows in use (spec §8: 'process in use warning with a still-process option'). An entity declares
// `inUse` in its hooks, usually built from a list of usage finders an area can add to
// (`usageHooks`). Delete of rows in use — and a save changing one of `inUseFields` of a row in
// use — answers HTTP 400 `{message, code: 400, data: {warning: 'IN_USE', count, usages}}` unless
// the request carries `force=1`; then a delete first lets the finders release the rows (e.g. a
// tree's children move to the top level) and goes ahead, and a save simply goes ahead.
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { pickLabel, t } from '@seamline/core';
import type { Tx } from '../db';
import { BizError } from '../errors';
import type { EntityHooks, Usage } from './hooks';
import { auditLog } from './platformTables';
import type { Registered } from './registry';
import type { SaveContext } from './save';

export const IN_USE = 'IN_USE';
/** At most this many usage texts travel with the warning (`count` tells the whole number). */
export const MAX_USAGES = 20;

/** One kind of use of an entity's rows (child processes, production lines, later work orders…). */
export interface UsageFinder {
  /** Uses of the stored rows `ids` (uses among `ids` themselves do not count); null when none. */
  find(tx: Tx, ids: readonly string[], ctx: SaveContext): Promise<Usage | null>;
  /** On a confirmed delete: let go of the rows before they go (else the uses stay as they are). */
  release?(tx: Tx, ids: readonly string[], ctx: SaveContext): Promise<void>;
}

/** The refusal: 400, the entity's in-use message, `data.warning = 'IN_USE'`. */
export class InUseError extends BizError {
  constructor(
    messageKey: string,
    readonly usage: Usage,
  ) {
    super(messageKey, undefined, { warning: IN_USE, count: usage.count, usages: usage.where.slice(0, MAX_USAGES) });
    this.name = 'InUseError';
  }
}

export const CONFIRM = 'CONFIRM';

/**
 * A save a hook wants the user to confirm first (spec §8's 'still process'): 400 with the message
 * and `data.warning = 'CONFIRM'` unless the request carries `force=1` (SaveContext.force). The web
 * asks as for the in-use warning ('Still process' re-sends with force=1); a hook throws it only
 * when the documents are otherwise valid.
 */
export class ConfirmFirst extends BizError {
  constructor(messageKey: string, params?: Record<string, string | number>) {
    super(messageKey, params, { warning: CONFIRM });
    this.name = 'ConfirmFirst';
  }
}

/**
 * The in-use hooks of an entity from a list of finders. The list is read at every call, so an
 * area registered later may push its own finder onto it (work orders using a process).
 */
export function usageHooks(
  finders: readonly UsageFinder[],
  opts: { fields?: readonly string[]; message?: string } = {},
): Pick<EntityHooks, 'inUse' | 'releaseInUse' | 'inUseFields' | 'inUseMessage'> {
  return {
    inUseFields: opts.fields,
    inUseMessage: opts.message,
    async inUse(tx, ids, ctx) {
      let count = 0;
      const where: string[] = [];
      for (const finder of finders) {
        const found = await finder.find(tx, ids, ctx);
        if (!found || found.count <= 0) continue;
        count += found.count;
        where.push(...found.where);
      }
      return count > 0 ? { count, where } : null;
    },
    async releaseInUse(tx, ids, ctx) {
      for (const finder of finders) await finder.release?.(tx, ids, ctx);
    },
  };
}

/** Throws InUseError when the entity declares `inUse` and one of `ids` is in use. */
export async function refuseInUse(tx: Tx, reg: Registered, ids: readonly string[], ctx: SaveContext): Promise<void> {
  if (!reg.hooks.inUse || ids.length === 0) return;
  const usage = await reg.hooks.inUse(tx, ids, ctx);
  if (usage && usage.count > 0) throw new InUseError(reg.hooks.inUseMessage ?? 'engine.inUse', usage);
}

/**
 * A tree's rows are in use while other rows have them as parent. Released by a confirmed delete:
 * the children move to the top level (parent emptied, version + 1, an audit entry each) rather
 * than being deleted with their parent or left pointing at nothing.
 */
export function treeChildren(entity: string): UsageFinder {
  const treeOf = (ctx: SaveContext) => {
    const reg = ctx.registry.get(entity);
    const parentField = reg?.def.tree?.parentField;
    if (!reg || !parentField) throw new Error(`treeChildren: '${entity}' is not a registered tree`);
    return { reg, parentField, t: reg.tables.main };
  };
  return {
    async find(tx, ids, ctx) {
      const { reg, parentField, t: tbl } = treeOf(ctx);
      const display = reg.def.display && tbl[reg.def.display] ? reg.def.display : 'id';
      const children = (await tx
        .select({ name: tbl[display], parent: tbl[parentField] })
        .from(tbl)
        .where(and(eq(tbl.client_id, ctx.clientId), inArray(tbl[parentField], [...ids]), notInArray(tbl.id, [...ids])))
        .orderBy(asc(tbl[display]))) as Array<{ name: unknown; parent: string }>;
      if (children.length === 0) return null;
      const parents = (await tx
        .select({ id: tbl.id, name: tbl[display] })
        .from(tbl)
        .where(and(eq(tbl.client_id, ctx.clientId), inArray(tbl.id, [...new Set(children.map((c) => c.parent))])))) as Array<{ id: string; name: unknown }>;
      const parentName = new Map(parents.map((p) => [p.id, String(p.name ?? '')]));
      const label = pickLabel(reg.def.label, ctx.lang);
      return {
        count: children.length,
        where: children.slice(0, MAX_USAGES).map((c) => t(ctx.lang, 'engine.usedAsParent', { entity: label, name: String(c.name ?? ''), parent: parentName.get(c.parent) ?? '' })),
      };
    },
    async release(tx, ids, ctx) {
      const { reg, parentField, t: tbl } = treeOf(ctx);
      const outside = and(eq(tbl.client_id, ctx.clientId), inArray(tbl[parentField], [...ids]), notInArray(tbl.id, [...ids]));
      const children = (await tx.select({ id: tbl.id, parent: tbl[parentField] }).from(tbl).where(outside).for('update')) as Array<{ id: string; parent: string }>;
      if (children.length === 0) return;
      await tx
        .update(tbl)
        .set({ [parentField]: null, version: sql`${tbl.version} + 1`, updated_by: ctx.userId, updated_at: sql`now()` } as never)
        .where(and(eq(tbl.client_id, ctx.clientId), inArray(tbl.id, children.map((c) => c.id))));
      await tx.insert(auditLog).values(
        children.map((c) => ({
          clientId: ctx.clientId,
          entity: reg.def.name,
          recordId: c.id,
          action: 'update',
          userId: ctx.userId,
          changes: [{ field: parentField, old: c.parent, new: null }],
        })),
      );
    },
  };
}
