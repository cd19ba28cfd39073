// A dynamic form as an administrator designs it (spec §3 'Dynamic form field', §5 'Form designer').
// The wire shape is flat (label_en / label_zh) so that 11000 errors name the designer's inputs.
import type { ValidationRule } from '@seamline/core';

/** The engine field types a designed form may use (no references, files or JSON: values live in one jsonb). */
export const DESIGNABLE_TYPES = ['string', 'text', 'integer', 'decimal', 'boolean', 'date', 'datetime', 'time', 'select', 'multiselect'] as const;
export type DesignableType = (typeof DESIGNABLE_TYPES)[number];

/** The validators of spec §5 the designer offers (required is its own switch). */
export const DESIGNABLE_VALIDATORS = [
  'email',
  'noChinese',
  'maxDecimals4',
  'english',
  'capitalEnglish',
  'datetime',
  'date',
  'time',
  'positiveInteger',
  'naturalNumber',
  'positiveNumber',
  'greaterThanZero',
  'mobile',
  'strongPassword',
  'exactLength',
  'regex',
] as const;

export interface DesignedOption {
  value: string;
  label_en: string;
  label_zh: string;
}

export interface DesignedField {
  /** The key of the value (spec 'field'; the model name is the same key). snake_case. */
  field: string;
  label_en: string;
  label_zh: string;
  type: DesignableType;
  required?: boolean;
  /** Spec 'validations': rules of spec §5, with `length` for exactLength and `pattern` for regex. */
  validations?: ValidationRule[];
  /** Spec 'options' of a select / multiselect. */
  options?: DesignedOption[];
  /** A literal, or a date macro '@now', '@month', '@firstDayOfMonth', … */
  defaultValue?: unknown;
  /** Engine conditions over the form's values and `session.*`. */
  visibleWhen?: string;
  disabledWhen?: string;
  upperCase?: boolean;
  lowerCase?: boolean;
  trim?: boolean;
  isNotPost?: boolean;
  maxLength?: number;
}

export interface DesignedForm {
  id?: string;
  version?: number;
  code: string;
  name_en: string;
  name_zh: string;
  description?: string;
  fields: DesignedField[];
}

/** Where a scenario binds a form (spec §1 'dynamic forms and scenarios'). */
export const SCENARIO_CONTEXT_TYPES = ['PROJECT_TYPE', 'FLOW_NODE', 'ENTITY'] as const;
export type ScenarioContextType = (typeof SCENARIO_CONTEXT_TYPES)[number];
