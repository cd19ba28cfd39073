// Scenarios (spec §1): a designed form bound to a business context — a project type (its code),
// a flow node ('<process code>:<node status>') or an entity's extra fields (the entity's name).
import type { FieldErrors } from '@seamline/core';
import { fm } from './messages';
import { SCENARIO_CONTEXT_TYPES, type ScenarioContextType } from './types';

export interface ScenarioInput {
  form_id?: unknown;
  context_type?: unknown;
  context_key?: unknown;
}

const KEY_RULES: Record<ScenarioContextType, { re: RegExp; message: 'forms.flowNodeKey' | 'forms.entityKey' | 'forms.projectTypeKey' }> = {
  PROJECT_TYPE: { re: /^[A-Za-z0-9_.-]{1,100}$/, message: 'forms.projectTypeKey' },
  FLOW_NODE: { re: /^[A-Za-z0-9_.-]{1,100}:[A-Za-z0-9_.-]{1,50}$/, message: 'forms.flowNodeKey' },
  ENTITY: { re: /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, message: 'forms.entityKey' },
};

export const isContextType = (v: unknown): v is ScenarioContextType =>
  typeof v === 'string' && (SCENARIO_CONTEXT_TYPES as readonly string[]).includes(v);

/** The context key of a flow node. */
export const flowNodeKey = (processCode: string, nodeStatus: string | number): string => `${processCode}:${nodeStatus}`;

/** Problems of a scenario as 11000 errors ({} when fine). */
export function scenarioErrors(s: ScenarioInput, lang: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (typeof s.form_id !== 'string' || s.form_id === '') errors.form_id = [fm(lang, 'forms.scenarioFormRequired')];
  if (!isContextType(s.context_type)) errors.context_type = [fm(lang, 'forms.contextTypeUnknown')];
  const key = typeof s.context_key === 'string' ? s.context_key.trim() : '';
  if (key === '') errors.context_key = [fm(lang, 'forms.contextKeyRequired')];
  else if (isContextType(s.context_type) && !KEY_RULES[s.context_type].re.test(key)) {
    errors.context_key = [fm(lang, KEY_RULES[s.context_type].message)];
  }
  return errors;
}
