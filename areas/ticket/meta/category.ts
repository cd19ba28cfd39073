// Ticket category (spec §3): level, owner, tags, duration (hours) and attributes. A new ticket in
// a category inherits its owner (as an admin) and its duration (the ticket's deadline, TKT-16/17).
import { defineEntity, entityHead } from '@seamline/core';
import { CATEGORY_ATTRIBUTE_OPTIONS, CATEGORY_LEVEL_OPTIONS, L, TICKET_CATA, TICKET_PREFIX } from './options';

export const ticketCategoryEntity = defineEntity({
  ...entityHead({ area: 'ticket', prefix: TICKET_PREFIX, cata: TICKET_CATA }, 'ticket-category', 'tk_ticket_category', L('Ticket category', '工单分类')),
  display: 'name',
  fields: [
    { name: 'code', type: 'string', label: L('Category code', '分类编码'), required: true, unique: true, upperCase: true, trim: true, maxLength: 32, validators: [{ type: 'capitalEnglish' }] },
    { name: 'name', type: 'string', label: L('Category name', '分类名称'), required: true, trim: true, maxLength: 100 },
    { name: 'level', type: 'select', label: L('Level', '级别'), required: true, options: CATEGORY_LEVEL_OPTIONS, defaultValue: 'MEDIUM' },
    { name: 'owner_id', type: 'reference', label: L('Owner', '负责人'), ref: { entity: 'user', displayField: 'full_name' } },
    // Tags are typed freely (TKT-17); the company's TICKET_TAG dictionary rows are offered as suggestions.
    { name: 'tags', type: 'multiselect', label: L('Tags', '标签'), options: { dictionary: 'TICKET_TAG' }, freeEntry: true },
    {
      name: 'duration_hours',
      type: 'integer',
      label: L('Duration (hours)', '处理时限（小时）'),
      required: true,
      defaultValue: 72,
      validators: [{ type: 'positiveInteger' }],
      hint: L('Time to resolve a ticket of this category, counted from its opening', '该分类工单从创建起的处理时限'),
    },
    { name: 'attributes', type: 'multiselect', label: L('Attributes', '属性'), options: CATEGORY_ATTRIBUTE_OPTIONS },
    { name: 'description', type: 'text', label: L('Description', '描述'), trim: true, maxLength: 1000 },
  ],
  list: {
    columns: ['code', 'name', 'level', 'owner_id', 'duration_hours', 'tags', 'attributes'],
    filters: ['code', 'name', 'level', 'owner_id'],
    sort: { field: 'code', order: 'asc' },
  },
  authorizable: ['level', 'owner_id'],
});
