// Workshop (spec §3): a workshop of a plant (cutting room, sewing floor, finishing), active or inactive.
import { defineEntity } from '@seamline/core';
import { ACTIVE_INACTIVE, AREA, CATA, L, PREFIX, codeField, descriptionField, nameField, referenceField, statusField } from './fields';

export const workshopEntity = defineEntity({
  name: 'workshop',
  area: AREA,
  prefix: PREFIX,
  table: 'md_workshop',
  label: L('Workshop', '车间'),
  route: { cata: CATA, opt: 'workshop' },
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
