// What every field of an entity form needs to know: the definition, the session and route action
// its conditions read, the form instance, and whether the whole form is read-only.
import { createContext, useContext } from 'react';
import type { FormInstance } from 'antd';
import type { FormRuntime } from './validation';

export interface EntityFormContext {
  rt: FormRuntime;
  form: FormInstance;
  /** A read-only route (/page/view): every input disabled. */
  readOnly: boolean;
  /** The form's current values (the whole store, hidden fields included). */
  values: Record<string, unknown>;
}

export const FormRuntimeContext = createContext<EntityFormContext | null>(null);

export function useEntityForm(): EntityFormContext {
  const ctx = useContext(FormRuntimeContext);
  if (!ctx) throw new Error('useEntityForm outside an EntityForm');
  return ctx;
}
