// Test-only definitions, registered only by tests (extraAreas): core's test order (every field
// type, a child table with a primary flag, conditions, a role-gated field, a rule, numbering, a
// tree, a transition) pointing at a test vendor and customer, and a test dictionary.
import { defineEntity, type EntityDef, type FieldDef } from '@seamline/core';
// core's fixture is not part of its public surface: reach it by path (tests only).
import { testOrderDef } from '../../../../core/src/entity/testEntity.fixture';
import { defineArea, type Area } from '../../area';
import type { Db } from '../../db';
import { registerEntities } from '../register';
import { createEntityTables } from './drizzleKit';

const L = (en: string, zh = en) => ({ en, zh });

export const testDictDef = defineEntity({
  name: 'test-dict',
  area: 'testing',
  prefix: 'scmapi',
  table: 'test_dict',
  label: L('Test dictionary', '测试字典'),
  route: { cata: 'scm', opt: 'test-dict' },
  display: 'name',
  fields: [
    { name: 'type_code', type: 'string', label: L('Type', '类型'), required: true, maxLength: 32 },
    { name: 'code', type: 'string', label: L('Code', '编码'), required: true, maxLength: 32 },
    { name: 'name', type: 'string', label: L('Name (zh)', '名称'), required: true },
    { name: 'name_en', type: 'string', label: L('Name (en)', '英文名称') },
    { name: 'seq', type: 'integer', label: L('Order', '顺序') },
  ],
  list: { columns: ['type_code', 'code', 'name'], filters: ['type_code'], sort: { field: 'code', order: 'asc' } },
});

export const testVendorDef = defineEntity({
  name: 'test-vendor',
  area: 'testing',
  prefix: 'scmapi',
  table: 'test_vendor',
  label: L('Test vendor', '测试供应商'),
  route: { cata: 'scm', opt: 'test-vendor' },
  display: 'name',
  fields: [
    { name: 'code', type: 'string', label: L('Code', '编码'), required: true, unique: true, upperCase: true, trim: true, maxLength: 32, validators: [{ type: 'capitalEnglish' }] },
    { name: 'name', type: 'string', label: L('Name', '名称'), required: true, maxLength: 100 },
    { name: 'grade', type: 'select', label: L('Grade', '等级'), options: { dictionary: 'TEST_GRADE' } },
    {
      name: 'status',
      type: 'select',
      label: L('Status', '状态'),
      readOnly: true,
      defaultValue: '0',
      options: [
        { value: '0', label: L('New', '新建') },
        { value: '10', label: L('Admitted', '已准入') },
        { value: '40', label: L('Disabled', '已停用') },
      ],
    },
  ],
  list: { columns: ['code', 'name', 'grade', 'status'], filters: ['code', 'name', 'status'], sort: { field: 'code', order: 'asc' } },
  status: {
    field: 'status',
    values: [
      { value: '0', label: L('New', '新建') },
      { value: '10', label: L('Admitted', '已准入') },
      { value: '40', label: L('Disabled', '已停用') },
    ],
  },
  transitions: [
    { action: 'activate', label: L('Activate', '启用'), from: ['0', '40'], to: '10' },
    { action: 'disable', label: L('Disable', '停用'), from: ['0', '10'], to: '40', roles: { any: ['QA'] } },
  ],
  numbering: { field: 'code', serial: 'TEST_VENDOR' },
  permissions: { write: { any: ['BUYER'] } },
});

export const testCustomerDef = defineEntity({
  name: 'test-customer',
  area: 'testing',
  prefix: 'scmapi',
  table: 'test_customer',
  label: L('Test customer', '测试客户'),
  route: { cata: 'scm', opt: 'test-customer' },
  display: 'name',
  fields: [
    { name: 'code', type: 'string', label: L('Code', '编码'), required: true, unique: true, maxLength: 32 },
    { name: 'name', type: 'string', label: L('Name', '名称'), required: true },
    { name: 'owner_id', type: 'reference', label: L('Owner', '负责人'), ref: { entity: 'user', displayField: 'full_name' } },
  ],
  list: { columns: ['code', 'name'], sort: { field: 'code', order: 'asc' } },
  // Only BUYERs (and administrators) may even read it.
  permissions: { read: { any: ['BUYER'] }, write: { any: ['BUYER'] } },
});

const retarget = (f: FieldDef): FieldDef => {
  if (f.name === 'vendor_id') return { ...f, ref: { entity: 'test-vendor', displayField: 'code' } };
  if (f.name === 'customer_id') return { ...f, ref: { entity: 'test-customer', displayField: 'name' } };
  if (f.name === 'season') return { ...f, options: { dictionary: 'SEASON' } };
  return f;
};

/** core's test order, its references pointed at the test vendor and customer. */
export const testOrderEntity: EntityDef = (() => {
  const raw = testOrderDef();
  return defineEntity({ ...raw, fields: raw.fields.map(retarget), list: { ...raw.list, filters: ['status', 'vendor_id', 'code', 'title', 'amount', 'order_date', 'tags'] } });
})();

export const TEST_DEFS: readonly EntityDef[] = [testDictDef, testVendorDef, testCustomerDef, testOrderEntity];

/** The test entities as an area (menu codes fixed, the test dictionary as a dictionary source). */
export function testEntitiesArea(): Area {
  const entities = registerEntities(TEST_DEFS, {
    menuCode: { 'test-order': 'TEST_ORDER', 'test-vendor': 'TEST_VENDOR' },
    dictionary: { entity: 'test-dict', type: 'type_code', value: 'code', label: { en: 'name_en', zh: 'name' }, seq: 'seq' },
  });
  return defineArea({ name: 'engine-test', routes: entities.routes });
}

/** Creates the test entities' tables (call once per test database). */
export const createTestTables = (db: Db) => createEntityTables(db, TEST_DEFS);
