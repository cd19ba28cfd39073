// A serial-number series (CFG-14): prefix, date prefix, suffix, length and a flag that is 0 or 1;
// `sample` is the number it gives next (the server's). The serial-number screen draws this
// definition (the engine's DefinitionRecords) over the admin routes (utilsapi/sys/serial-numbers/…).
import { defineEntity } from '@seamline/core';
import { adminEntityHead, L } from './admin';

export const serialNumberEntity = defineEntity({
  ...adminEntityHead('serial-number', 'serial_number_config', L('Serial-number series', '流水号')),
  display: 'code',
  fields: [
    { name: 'code', type: 'string', label: L('Series code', '流水号编码'), required: true, upperCase: true },
    { name: 'prefix', type: 'string', label: L('Prefix', '前缀') },
    {
      name: 'date_prefix',
      type: 'string',
      label: L('Date prefix', '日期前缀'),
      hint: L('YYYY, YY, MM, DD, e.g. YYYYMMDD; empty for none', 'YYYY、YY、MM、DD，如 YYYYMMDD；留空表示无'),
    },
    { name: 'suffix', type: 'string', label: L('Suffix', '后缀') },
    { name: 'length', type: 'integer', label: L('Length', '长度'), required: true },
    // 1 or 0 (the screen's own control: a choice of the two numbers).
    { name: 'flag', type: 'integer', label: L('Flag', '标识'), required: true },
    { name: 'description', type: 'text', label: L('Description', '描述') },
    { name: 'sample', type: 'string', label: L('Next number looks like', '生成的编号示例'), readOnly: true },
  ],
  list: { columns: ['code', 'prefix', 'date_prefix', 'suffix', 'length', 'flag', 'sample', 'description'], filters: [], sort: { field: 'code', order: 'asc' } },
});
