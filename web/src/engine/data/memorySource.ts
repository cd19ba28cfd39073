// An in-memory data source with the generic endpoints' behaviour, for the showcase pages: the
// same q/p filters, paging and sort, core checkDocument on save (11000 field errors), version
// checks (409), transitions by the definition's table and an audit trail. Data lives until reload.
import { checkDocument, et, hasErrors, pickLabel, type EntityDef, type SessionContext } from '@seamline/core';
import { ApiError, FieldErrorsError, notifyError } from '../../api';
import { storedLang } from '../../session/storage';
import type { AuditEntry, DataSource, FilterSpec, ListPage, ListQuery, PageResult, Row } from './source';

const clone = <T,>(v: T): T => structuredClone(v);
const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const isSpec = (v: unknown): v is FilterSpec => !!v && typeof v === 'object' && !Array.isArray(v) && 'op' in v;

function compare(a: unknown, b: unknown): number {
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && a !== null && b !== null && !Number.isNaN(na) && !Number.isNaN(nb) && typeof a !== 'boolean') return na - nb;
  return text(a).localeCompare(text(b));
}

function matches(value: unknown, spec: unknown): boolean {
  const { op, value: want } = isSpec(spec) ? spec : { op: Array.isArray(spec) ? 'in' : 'eq', value: spec };
  const values = Array.isArray(value) ? value : [value];
  switch (op) {
    case 'eq':
      return values.some((v) => text(v) === text(want));
    case 'in':
      return (Array.isArray(want) ? want : [want]).some((w) => values.some((v) => text(v) === text(w)));
    case 'like':
      return values.some((v) => text(v).toLowerCase().includes(text(want).toLowerCase()));
    case 'prefix':
      return values.some((v) => text(v).startsWith(text(want)));
    case 'gte':
      return compare(value, want) >= 0;
    case 'lte':
      return compare(value, want) <= 0;
    case 'between': {
      const [from, to] = Array.isArray(want) ? want : [null, null];
      return (from === null || from === '' || compare(value, from) >= 0) && (to === null || to === '' || compare(value, to) <= 0);
    }
    default:
      return true;
  }
}

const stamp = () => new Date().toISOString();
const sleep = () => new Promise((r) => setTimeout(r, 120));

/** A data source over rows held in memory; `session` is read at every save (conditions, roles). */
export function memorySource(def: EntityDef, seed: readonly Row[], session: () => SessionContext): DataSource {
  const rows = new Map<string, Row>(seed.map((r) => [String(r.id), clone(r)]));
  const audits = new Map<string, AuditEntry[]>();
  const log = (id: string, action: string, before: Row | undefined, after: Row) => {
    const changes = def.fields
      .filter((f) => text(before?.[f.name]) !== text(after[f.name]))
      .map((f) => ({ field: f.name, from: before?.[f.name] ?? null, to: after[f.name] ?? null }));
    const user = session();
    audits.set(id, [{ at: stamp(), user: String(user.fullname ?? user.username ?? ''), action, changes }, ...(audits.get(id) ?? [])]);
  };
  const stale = (): never => {
    const message = et(storedLang(), 'biz.changedByOthers');
    notifyError(et(storedLang(), 'error.submitWrong', { message }));
    throw new ApiError(message, true, 409);
  };
  const find = (id: string) => {
    const row = rows.get(id);
    if (!row) {
      notifyError(et(storedLang(), 'error.serviceNotFound', { status: 404 }));
      throw new ApiError('not found', true, 404);
    }
    return row;
  };

  return {
    async pageList(q: ListQuery, p: ListPage): Promise<PageResult> {
      await sleep();
      let list = [...rows.values()].filter((r) => Object.entries(q).every(([k, spec]) => matches(r[k], spec)));
      const sort = p.sort.length ? p.sort : def.list.sort ? [def.list.sort] : [];
      list.sort((a, b) => {
        for (const s of sort) {
          const c = compare(a[s.field], b[s.field]);
          if (c !== 0) return s.order === 'asc' ? c : -c;
        }
        return 0;
      });
      const total = list.length;
      list = list.slice((p.page - 1) * p.size, p.page * p.size);
      return { rows: clone(list), total, page: p.page, size: p.size };
    },
    async view(id) {
      await sleep();
      return clone(find(id));
    },
    async save(doc) {
      await sleep();
      const id = typeof doc.id === 'string' && doc.id ? doc.id : null;
      const before = id ? find(id) : undefined;
      if (before && Number(doc.version) !== Number(before.version)) stale();
      const { values, errors } = checkDocument(def, { ...(before ?? {}), ...doc }, { session: session(), lang: storedLang(), routeAction: 'edit' });
      if (hasErrors(errors)) throw new FieldErrorsError(errors as Record<string, unknown>);
      const newId = id ?? crypto.randomUUID();
      const now = stamp();
      const saved: Row = {
        ...(before ?? { created_at: now }),
        ...values,
        id: newId,
        version: before ? Number(before.version) + 1 : 1,
        updated_at: now,
      };
      rows.set(newId, saved);
      log(newId, before ? 'update' : 'create', before, saved);
      return clone(saved);
    },
    async remove(ids) {
      await sleep();
      for (const id of ids) find(id);
      for (const id of ids) rows.delete(id);
      return { deleted: ids.length };
    },
    async transition(action, id, version) {
      await sleep();
      const tr = def.transitions?.find((x) => x.action === action);
      const before = find(id);
      if (Number(version) !== Number(before.version)) stale();
      const field = def.status!.field;
      if (!tr || !tr.from.includes(text(before[field]))) {
        const message = pickLabel({ en: 'This action is not allowed in the current status', zh: '当前状态不允许此操作' }, storedLang());
        notifyError(message);
        throw new ApiError(message, true, 400);
      }
      const after = { ...before, [field]: tr.to, version: Number(before.version) + 1, updated_at: stamp() };
      rows.set(id, after);
      log(id, action, before, after);
      return clone(after);
    },
    async audit(id) {
      await sleep();
      return clone(audits.get(id) ?? []);
    },
  };
}
