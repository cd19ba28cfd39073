// The dynamic-form area's isomorphic half: the designed form's shape and checks live in
// ./designed (shared by the designer in the browser and the server); this adds the wire
// shapes of the area's endpoints. Other areas reach dynamic forms through this file.
export * from './designed';
import type { DesignedForm, ScenarioContextType } from './designed';

/** A stored form as `view` and `scenario` answer it. */
export interface StoredForm extends DesignedForm {
  id: string;
  version: number;
  updated_at?: string;
}

/** A row of the forms list. */
export interface FormListRow {
  id: string;
  code: string;
  name_en: string;
  name_zh: string;
  description: string;
  field_count: number;
  version: number;
  updated_at: string;
}

export interface ScenarioRow {
  id: string;
  version: number;
  form_id: string;
  form_code: string;
  form_name_en: string;
  form_name_zh: string;
  context_type: ScenarioContextType;
  context_key: string;
  description: string;
  updated_at: string;
}

/** The values of one form for one record. */
export interface FormValues {
  id: string;
  version: number;
  form_id: string;
  form_code: string;
  form_version: number;
  entity: string;
  record_id: string;
  values: Record<string, unknown>;
  updated_at: string;
}

/** Operators of values/page-list filters (`q` = {field: value} or {field: {op, value}}). */
export const VALUE_FILTER_OPS = ['eq', 'ne', 'like', 'in', 'gte', 'lte', 'between', 'empty'] as const;
export type ValueFilterOp = (typeof VALUE_FILTER_OPS)[number];

export const FORMS_MENU = 'SYS_DYNAMIC_FORM';
export const SCENARIO_MENU = 'SYS_SCENARIO';
