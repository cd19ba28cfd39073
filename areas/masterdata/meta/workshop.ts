// Workshop (spec §3): a workshop of a plant (cutting room, sewing floor, finishing), active or inactive.
import { defineEntity, entityHead } from '@seamline/core';
import { ACTIVE_INACTIVE, L, codeField, descriptionField, nameField, referenceField, statusField, MD_HEAD } from './fields';

export const workshopEntity = defineEntity({
  ...entityHead(MD_HEAD, 'workshop', 'md_workshop', L('Workshop', '车间')),
  display: 'name',
  fields: [
    codeField({ label: L('Workshop code', '车间编码') }),
    nameField(L('Workshop name', '车间名称')),
    referenceField('plant_id', L('Plant', '所属工厂'), 'plant', 'name', { required: true }),
    descriptionField(),
    statusField(ACTIVE_INACTIVE, 'active', { editable: true }),
  ],
  list: {
    columns: ['code', 'name', 'plant_id', 'status', 'updated_at'],
    filters: ['code', 'name', 'plant_id', 'status'],
    sort: { field: 'code', order: 'asc' },
  },
  status: { field: 'status', values: ACTIVE_INACTIVE },
});
