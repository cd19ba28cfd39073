// antd Form rules built from core's validators (spec §5), so the browser and the server judge a
// value by the same rule and show the same catalogue text.
import type { Rule } from 'antd/es/form';
import { passes, ruleMessage, type ValidationRule } from '@seamline/core';

/** One core rule as an antd rule; `message` overrides the catalogue text (e.g. 'Email cannot be empty'). */
export function ruleFromSpec(rule: ValidationRule, lang: unknown, message?: string): Rule {
  return {
    // `required` only draws the asterisk: the validator decides, with core's notion of empty.
    required: rule.type === 'required',
    validator: (_r, value) =>
      passes(rule, value) ? Promise.resolve() : Promise.reject(new Error(message ?? ruleMessage(rule, lang))),
  };
}

export function rulesFromSpec(rules: readonly ValidationRule[], lang: unknown): Rule[] {
  return rules.map((r) => ruleFromSpec(r, lang));
}

/** 'must equal field X' (repeat password): `message` when the two differ. */
export function sameAs(field: string, message: string): Rule {
  return ({ getFieldValue }) => ({
    validator: (_r, value) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(message)),
  });
}
