// Reading and checking the account forms' fields with core's validators (spec §5), so the server
// refuses exactly what the forms refuse: 11000 with the messages per field.
import { t, validateValue, type Lang, type ValidationRule } from '@seamline/core';
import { dataObject, ValidationError, type Body, type FieldErrors } from '@seamline/server/api';

/** Form fields, or the same fields inside a DATA document. */
export function fieldsOf(body: Body): Record<string, string> {
  const merged: Record<string, unknown> = { ...body, ...(body.DATA !== undefined ? dataObject(body) : {}) };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(merged)) {
    if (k === 'DATA') continue;
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
  }
  return out;
}

/** A validator name, a full rule, or a validator with a catalogue key for its message. */
type Rule = ValidationRule['type'] | ValidationRule | { type: ValidationRule['type']; key: string };

const R = (rule: Rule): ValidationRule => {
  if (typeof rule === 'string') return { type: rule };
  if ('key' in rule) return { type: rule.type, message: { en: t('en', rule.key), zh: t('zh', rule.key) } };
  return rule;
};

export class FieldChecker {
  readonly errors: Record<string, string[]> = {};
  constructor(
    readonly values: Record<string, string>,
    readonly lang: Lang,
  ) {}

  /** The trimmed value (passwords are taken as typed). */
  value(field: string): string {
    const v = this.values[field] ?? '';
    return /password/i.test(field) ? v : v.trim();
  }

  check(field: string, rules: readonly Rule[]): this {
    const result = validateValue(this.value(field), rules.map(R), this.lang);
    if (result.hasError) this.fail(field, result.errorMsg);
    return this;
  }

  fail(field: string, message: string): this {
    if (!this.errors[field]?.includes(message)) (this.errors[field] ??= []).push(message);
    return this;
  }

  failKey(field: string, key: string, params?: Record<string, string | number>): this {
    return this.fail(field, t(this.lang, key, params));
  }

  /** New password + repeat (spec §5: strong rule, both given, equal). */
  newPassword(field = 'password', repeat = 'passwordRepeat'): this {
    this.check(field, [{ type: 'required', key: 'auth.newPasswordRequired' }, 'strongPassword']);
    this.check(repeat, ['required']);
    if (this.value(repeat) && this.value(repeat) !== this.value(field)) this.failKey(repeat, 'auth.passwordMismatch');
    return this;
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** Throws 11000 with every field's messages when anything failed. */
  done(): void {
    if (!this.ok) throw new ValidationError(this.errors as FieldErrors);
  }
}
