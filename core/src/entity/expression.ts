// Visible and disabled conditions of form fields (spec §6): small expressions over the form's
// values and the signed-in user's session fields. Parsed by jsep, evaluated here by walking the
// AST (never eval / new Function), so a definition can never run arbitrary code.
//
// Grammar
//   status                      a form value by field name (unknown names are undefined)
//   session.license_type        a session field
//   parent.status               in a child row: a value of the parent document
//   'x' "x" 12 1.5 true false null
//   == != (loose, see looseEqual)   === !== (strict)   = (same as ==)
//   > >= < <=                   numbers compare exactly as numbers (numeric strings too),
//                               other strings by code unit ('2024-03-01' < '2024-03-13')
//   && || !  ( )  -x
//   status in ['draft','open']  membership (loose equality); a multiselect on the left
//                               matches when any of its values is in the list; the right side
//                               may also be an array value (e.g. 'A' in tags)
//   name.length  tags.length    length of a text or a list (undefined otherwise)
// Truthiness is JavaScript's, except that an empty list is false.
// A malformed or unsupported expression (calls, arithmetic, indexing, …) evaluates to false and
// never throws; defineEntity rejects it at load time through conditionError.
import jsep from 'jsep';
import { compareDec } from '../decimal';
import { rolesAllow } from './roles';
import type { FieldDef } from './types';

/** What a condition may read. FormContext satisfies it. */
export interface ConditionContext {
  values: Record<string, unknown>;
  session?: Record<string, unknown>;
  /** For a child row: the parent document's values, read as `parent.x`. */
  parent?: Record<string, unknown>;
  /** The route action ('edit', 'create', 'view'); role requirements may name one. */
  routeAction?: string;
}

// jsep's operator tables are global to the module; we only ever add, never remove.
if (!('in' in jsep.binary_ops)) jsep.addBinaryOp('in', 7);
if (!('=' in jsep.binary_ops)) jsep.addBinaryOp('=', 6);

const BINARY = new Set(['==', '!=', '===', '!==', '=', '>', '>=', '<', '<=', '&&', '||', 'in']);
const UNARY = new Set(['!', '-']);

type Node = jsep.Expression;

class Unsupported extends Error {}

/** Throws Unsupported for anything outside the grammar, so evaluation never meets it. */
function check(node: Node): void {
  switch (node.type) {
    case 'Literal':
      if (node.value instanceof RegExp) throw new Unsupported('regular expressions are not supported');
      return;
    case 'Identifier':
      return;
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      if (m.computed || m.property.type !== 'Identifier') throw new Unsupported('only name.field access is supported');
      if (m.optional) throw new Unsupported('optional chaining is not supported');
      check(m.object);
      return;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      if (!UNARY.has(u.operator)) throw new Unsupported(`operator ${u.operator} is not supported`);
      check(u.argument);
      return;
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (!BINARY.has(b.operator)) throw new Unsupported(`operator ${b.operator} is not supported`);
      check(b.left);
      check(b.right);
      return;
    }
    case 'ArrayExpression':
      for (const el of (node as jsep.ArrayExpression).elements) {
        if (el === null) throw new Unsupported('empty array slots are not supported');
        check(el);
      }
      return;
    default:
      throw new Unsupported(`${node.type} is not supported`);
  }
}

const cache = new Map<string, Node | string>();
const CACHE_LIMIT = 1000;

/** The checked AST, or the reason the expression is not usable. */
function compile(expr: string): Node | string {
  const hit = cache.get(expr);
  if (hit !== undefined) return hit;
  let result: Node | string;
  try {
    const ast = jsep(expr);
    check(ast);
    result = ast;
  } catch (e) {
    result = e instanceof Error ? e.message : String(e);
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(expr, result);
  return result;
}

/** null when the condition is usable; otherwise why not (for load-time checks of definitions). */
export function conditionError(expr: string | undefined): string | null {
  if (expr === undefined || expr.trim() === '') return null;
  const c = compile(expr);
  return typeof c === 'string' ? c : null;
}

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ownValue = (obj: unknown, key: string): unknown =>
  isRecord(obj) && Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
const isNumeric = (v: unknown): v is number | string =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && NUMBER_RE.test(v));
const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** Conditions' truthiness: JavaScript's, except that an empty list is false. */
export function truthy(v: unknown): boolean {
  return Array.isArray(v) ? v.length > 0 : Boolean(v);
}

/**
 * `==` of conditions: null, undefined and '' are all "empty" and equal to each other; a number
 * equals a numeric string of the same value (10 == '10.0'); a boolean equals 'true'/'false';
 * everything else is strict.
 */
export function looseEqual(a: unknown, b: unknown): boolean {
  if (isBlank(a) || isBlank(b)) return isBlank(a) && isBlank(b);
  if ((typeof a === 'number' || typeof b === 'number') && isNumeric(a) && isNumeric(b)) return compareDec(a, b) === 0;
  if (typeof a === 'boolean' && typeof b === 'string') return String(a) === b;
  if (typeof b === 'boolean' && typeof a === 'string') return String(b) === a;
  return a === b;
}

function compare(a: unknown, b: unknown): number | null {
  if (isNumeric(a) && isNumeric(b)) return compareDec(a, b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

function evaluate(node: Node, ctx: ConditionContext): unknown {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (name === 'session') return ctx.session ?? {};
      if (name === 'parent' && ctx.parent !== undefined) return ctx.parent;
      return ownValue(ctx.values, name);
    }
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      const obj = evaluate(m.object, ctx);
      const prop = (m.property as jsep.Identifier).name;
      if (prop === 'length' && (typeof obj === 'string' || Array.isArray(obj))) return obj.length;
      return ownValue(obj, prop);
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const v = evaluate(u.argument, ctx);
      if (u.operator === '!') return !truthy(v);
      return isNumeric(v) ? -Number(v) : undefined;
    }
    case 'ArrayExpression':
      return (node as jsep.ArrayExpression).elements.map((el) => evaluate(el as Node, ctx));
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      const left = evaluate(b.left, ctx);
      if (b.operator === '&&') return truthy(left) ? evaluate(b.right, ctx) : left;
      if (b.operator === '||') return truthy(left) ? left : evaluate(b.right, ctx);
      const right = evaluate(b.right, ctx);
      switch (b.operator) {
        case '==':
        case '=':
          return looseEqual(left, right);
        case '!=':
          return !looseEqual(left, right);
        case '===':
          return left === right;
        case '!==':
          return left !== right;
        case 'in': {
          if (!Array.isArray(right)) return false;
          const lefts = Array.isArray(left) ? left : [left];
          return lefts.some((l) => right.some((r) => looseEqual(l, r)));
        }
        default: {
          const c = compare(left, right);
          if (c === null) return false;
          if (b.operator === '>') return c > 0;
          if (b.operator === '>=') return c >= 0;
          if (b.operator === '<') return c < 0;
          return c <= 0;
        }
      }
    }
  }
  return undefined; // unreachable: check() admits only the node types above
}

/**
 * Evaluates a condition. An absent or blank expression yields `fallback` (the caller's neutral
 * default); a malformed one yields false. Never throws.
 */
export function evalCondition(expr: string | undefined, ctx: ConditionContext, fallback = false): boolean {
  if (expr === undefined || expr.trim() === '') return fallback;
  try {
    const c = compile(expr);
    return typeof c === 'string' ? false : truthy(evaluate(c, ctx));
  } catch {
    return false;
  }
}

/** Is the field shown? Its visibleWhen condition; no condition → visible. */
export function isVisible(field: FieldDef, ctx: ConditionContext): boolean {
  return evalCondition(field.visibleWhen, ctx, true);
}

/**
 * Is the field disabled (shown but not editable, not validated, not posted)? Its disabledWhen
 * condition holds, or the user does not meet its role requirement (roles and route action).
 */
export function isDisabled(field: FieldDef, ctx: ConditionContext): boolean {
  if (evalCondition(field.disabledWhen, ctx, false)) return true;
  const dashroles = ctx.session?.dashroles;
  return !rolesAllow(field.roles, Array.isArray(dashroles) ? (dashroles as string[]) : [], ctx.routeAction);
}

/**
 * Is the field posted and validated? Not when it is hidden, disabled (by condition or role),
 * isNotPost (form-only) or readOnly (set by the server). Spec §5.
 */
export function isPosted(field: FieldDef, ctx: ConditionContext): boolean {
  return !field.isNotPost && !field.readOnly && isVisible(field, ctx) && !isDisabled(field, ctx);
}
