// List columns from the definition: label in the user's language, the shared value renderer,
// numbers right-aligned, server-side sorting on sortable columns.
import type { ColumnType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import { pickLabel, type EntityDef, type FieldDef } from '@seamline/core';
import type { Row, SortKey } from '../data/source';
import { FieldValue } from '../fields/FieldValue';
import { columnField } from '../fields/systemFields';
import { isSortable } from './query';

const WIDTH: Partial<Record<FieldDef['type'], number>> = { boolean: 80, integer: 100, decimal: 130, date: 120, datetime: 170, time: 100, image: 70 };

export function sortOrderOf(sort: readonly SortKey[], field: string): SortOrder {
  const s = sort.find((k) => k.field === field);
  return s ? (s.order === 'asc' ? 'ascend' : 'descend') : null;
}

export function entityColumns(def: EntityDef, names: readonly string[], sort: readonly SortKey[], lang: string): ColumnType<Row>[] {
  return names
    .map((name) => columnField(def, name))
    .filter((f): f is FieldDef => !!f)
    .map((f) => ({
      key: f.name,
      dataIndex: f.name,
      title: pickLabel(f.label, lang),
      width: WIDTH[f.type],
      align: f.type === 'integer' || f.type === 'decimal' ? ('right' as const) : undefined,
      ellipsis: f.type === 'text' || f.type === 'string' ? { showTitle: true } : undefined,
      sorter: isSortable(f),
      sortOrder: isSortable(f) ? sortOrderOf(sort, f.name) : undefined,
      sortDirections: ['ascend', 'descend'] as SortOrder[],
      render: (value: unknown, row: Row) => <FieldValue field={f} value={value} row={row} def={def} compact />,
    }));
}
