// The columns the engine adds to every document (core SYSTEM_FIELDS) as field definitions, so
// list columns, filters and sorting treat `created_at` like any declared field.
import type { ChildTableDef, EntityDef, FieldDef } from '@seamline/core';

const L = (en: string, zh: string) => ({ en, zh });

const SYSTEM: Record<string, FieldDef> = {
  id: { name: 'id', type: 'string', label: L('ID', 'ID'), readOnly: true },
  version: { name: 'version', type: 'integer', label: L('Version', '版本'), readOnly: true },
  created_by: { name: 'created_by', type: 'reference', label: L('Created by', '创建人'), ref: { entity: 'user', displayField: 'full_name' }, readOnly: true },
  created_at: { name: 'created_at', type: 'datetime', label: L('Created at', '创建时间'), readOnly: true },
  updated_by: { name: 'updated_by', type: 'reference', label: L('Updated by', '修改人'), ref: { entity: 'user', displayField: 'full_name' }, readOnly: true },
  updated_at: { name: 'updated_at', type: 'datetime', label: L('Updated at', '修改时间'), readOnly: true },
};

/** A declared field, or a system column, by name. */
export function columnField(def: Pick<EntityDef, 'fields'> | ChildTableDef, name: string): FieldDef | undefined {
  return def.fields.find((f) => f.name === name) ?? SYSTEM[name];
}

export const isSystemField = (name: string) => Object.prototype.hasOwnProperty.call(SYSTEM, name);
