// The business rules of the master-data entities, with the checklist's examples.
import { checkDocument, DOCUMENT_ERRORS, et, t, type EntityDef, type FieldErrors, type ValidateContext } from '@seamline/core';
import { describe, expect, it } from 'vitest';
import { customerEntity } from './customer';
import { materialEntity } from './material';
import { mdt } from './messages';
import { orgEntity } from './org';
import { positionEntity } from './position';
import { processEntity } from './process';
import { productionLineEntity } from './production-line';
import { serviceEntity } from './service';
import { vendorEntity } from './vendor';

const ctx: ValidateContext = { session: { dashroles: ['ADMIN'] }, lang: 'en', routeAction: 'edit' };
const errorsOf = (def: EntityDef, doc: Record<string, unknown>): FieldErrors => checkDocument(def, doc, ctx).errors;
/** The errors of row `index` of child table `child`. */
const rowErrors = (e: FieldErrors, child: string, index: number) => (e[child] as Array<Record<string, string[]> | null> | undefined)?.[index] ?? null;

const BANK_MSG = t('en', 'biz.bankBranchCode');
const MATERIAL_MSG = t('en', 'biz.materialVendorOrCustomer');

describe('MD-12: a material has exactly one of vendor or customer', () => {
  const base = { code: 'F1', name: 'Poplin', unit: 'M', type: 'FABRIC' };
  it.each([
    ['V01', '', true],
    ['', 'C01', true],
    ['V01', 'C01', false],
    ['', '', false],
  ])('vendor %j, customer %j → valid %s', (vendor_id, customer_id, ok) => {
    const e = errorsOf(materialEntity, { ...base, vendor_id, customer_id });
    if (ok) expect(e).toEqual({});
    else expect(e).toEqual({ vendor_id: [MATERIAL_MSG], customer_id: [MATERIAL_MSG] });
  });

  it('says so in Chinese too', () => {
    const e = checkDocument(materialEntity, { ...base }, { ...ctx, lang: 'zh' }).errors;
    expect(e.vendor_id).toEqual(['物料必须且只能指定供应商或客户其中之一']);
  });
});

describe('MD-20: the branch code of a domestic bank is an 11-digit number; a foreign bank is not checked', () => {
  const cases: Array<[string, string, boolean]> = [
    ['DOMESTIC', '10210000001', true],
    ['DOMESTIC', '1021000000A', false],
    ['DOMESTIC', '102-1000000', false],
    ['DOMESTIC', '1021000000', false],
    ['DOMESTIC', '', true],
    ['FOREIGN', 'HSBCHKHHHKH', true],
    ['FOREIGN', '102-1000000', true],
  ];
  it.each(cases)('customer: %s bank, branch code %j → valid %s', (bank_type, bank_branch_code, ok) => {
    const e = errorsOf(customerEntity, { code: 'C1', name: 'Metro', bank_type, bank_branch_code });
    expect(e).toEqual(ok ? {} : { bank_branch_code: [BANK_MSG] });
  });
  it.each(cases)('vendor: %s bank, branch code %j → valid %s', (bank_type, bank_branch_code, ok) => {
    const e = errorsOf(vendorEntity, { code: 'V1', short_name: 'Mill', full_name: 'Mill Ltd.', bank_type, bank_branch_code });
    expect(e).toEqual(ok ? {} : { bank_branch_code: [BANK_MSG] });
  });
});

describe('MD-16: a top-level process leaves the parent empty; a process cannot be its own parent', () => {
  const base = { process_code: 'SEW', name: 'Sewing', sequence: 20 };
  it('a top-level process with no parent is valid; the parent is not required', () => {
    expect(errorsOf(processEntity, base)).toEqual({});
    expect(errorsOf(processEntity, { ...base, parent_id: '' })).toEqual({});
    expect(errorsOf(processEntity, { ...base, parent_id: null })).toEqual({});
  });
  it('a child names its parent', () => {
    expect(errorsOf(processEntity, { ...base, id: 'p-2', process_code: 'SEW-COLLAR', parent_id: 'p-1' })).toEqual({});
  });
  it('its own id as parent is refused (processes and organizations)', () => {
    expect(errorsOf(processEntity, { ...base, id: 'p-1', parent_id: 'p-1' })).toEqual({ parent_id: [mdt('en', 'md.ownParent')] });
    expect(errorsOf(orgEntity, { code: 'HQ', name: 'HQ', id: 'o-1', parent_id: 'o-1' })).toEqual({ parent_id: [mdt('en', 'md.ownParent')] });
  });
  it('the sequence is a positive integer', () => {
    expect(errorsOf(processEntity, { ...base, sequence: 0 })).toEqual({ sequence: [t('en', 'val.positiveInteger')] });
  });
});

describe('material prices: valid to not before valid from, no overlapping periods per currency', () => {
  const base = { code: 'F1', name: 'Poplin', unit: 'M', type: 'FABRIC', vendor_id: 'V01' };
  it('MD-11: a price valid 2024-01-01 to 2024-12-31 is fine; the same day is fine', () => {
    expect(errorsOf(materialEntity, { ...base, prices: [{ price: '18.5', currency: 'CNY', valid_from: '2024-01-01', valid_to: '2024-12-31' }] })).toEqual({});
    expect(errorsOf(materialEntity, { ...base, prices: [{ price: '18.5', currency: 'CNY', valid_from: '2024-01-01', valid_to: '2024-01-01' }] })).toEqual({});
  });
  it('valid to before valid from is refused on the row', () => {
    const e = errorsOf(materialEntity, { ...base, prices: [{ price: '18.5', currency: 'CNY', valid_from: '2024-12-31', valid_to: '2024-01-01' }] });
    expect(rowErrors(e, 'prices', 0)).toEqual({ valid_to: [mdt('en', 'md.dateOrder')] });
  });
  it('overlapping periods of one currency are refused; other currencies and adjacent periods are fine', () => {
    const e = errorsOf(materialEntity, {
      ...base,
      prices: [
        { price: '18.5', currency: 'CNY', valid_from: '2024-01-01', valid_to: '2024-12-31' },
        { price: '2.6', currency: 'USD', valid_from: '2024-06-01' },
        { price: '19', currency: 'CNY', valid_from: '2025-01-01' },
        { price: '19.5', currency: 'CNY', valid_from: '2024-12-31', valid_to: '2025-03-31' },
      ],
    });
    expect(rowErrors(e, 'prices', 0)).toBeNull();
    expect(rowErrors(e, 'prices', 1)).toBeNull();
    expect(rowErrors(e, 'prices', 2)).toBeNull();
    expect(rowErrors(e, 'prices', 3)).toEqual({ valid_from: [mdt('en', 'md.overlap', { row: 1 })] });
  });
  it('a price has at most 4 decimals and is not negative', () => {
    const e = errorsOf(materialEntity, {
      ...base,
      prices: [
        { price: '1.23456', currency: 'CNY', valid_from: '2024-01-01' },
        { price: '-1', currency: 'USD', valid_from: '2024-01-01' },
      ],
    });
    expect(rowErrors(e, 'prices', 0)).toEqual({ price: [t('en', 'val.maxDecimals4')] });
    expect(rowErrors(e, 'prices', 1)).toEqual({ price: [t('en', 'val.positiveNumber')] });
  });
});

describe('material: days of supply and vendor shares', () => {
  const base = { code: 'F1', name: 'Poplin', unit: 'M', type: 'FABRIC', vendor_id: 'V01' };
  it('DOS min ≤ target ≤ max', () => {
    expect(errorsOf(materialEntity, { ...base, dos_min: '7', dos_target: '14', dos_max: '30' })).toEqual({});
    expect(errorsOf(materialEntity, { ...base, dos_min: '7', dos_max: '30' })).toEqual({});
    expect(errorsOf(materialEntity, { ...base, dos_min: '7', dos_target: '40', dos_max: '30' })).toEqual({ dos_max: [mdt('en', 'md.dosOrder')] });
    expect(errorsOf(materialEntity, { ...base, dos_min: '10', dos_target: '5' })).toEqual({ dos_target: [mdt('en', 'md.dosOrder')] });
  });
  it.each([
    ['0', true],
    ['100', true],
    ['55.5', true],
    ['100.0001', false],
    ['-1', false],
  ])('a share of %s%% → valid %s', (share_percent, ok) => {
    const e = errorsOf(materialEntity, { ...base, shares: [{ vendor_id: 'V01', share_percent }] });
    expect(rowErrors(e, 'shares', 0)).toEqual(ok ? null : { share_percent: [mdt('en', 'md.range', { min: 0, max: 100 })] });
  });
  it('shares add up to at most 100% and name each vendor once', () => {
    expect(
      errorsOf(materialEntity, {
        ...base,
        shares: [
          { vendor_id: 'V01', share_percent: '70' },
          { vendor_id: 'V02', share_percent: '30' },
        ],
      }),
    ).toEqual({});
    const over = errorsOf(materialEntity, {
      ...base,
      shares: [
        { vendor_id: 'V01', share_percent: '70' },
        { vendor_id: 'V02', share_percent: '40' },
      ],
    });
    expect(over[DOCUMENT_ERRORS]).toEqual([mdt('en', 'md.sharesTotal', { total: '110', max: 100 })]);
    const dup = errorsOf(materialEntity, {
      ...base,
      shares: [
        { vendor_id: 'V01', share_percent: '50' },
        { vendor_id: 'V01', share_percent: '50' },
      ],
    });
    expect(rowErrors(dup, 'shares', 1)).toEqual({ vendor_id: [mdt('en', 'md.duplicateInRows', { row: 1 })] });
  });
});

describe('position: work percent from 0 to 100', () => {
  it.each([
    ['0', true],
    ['50', true],
    ['100', true],
    ['100.5', false],
    ['-0.01', false],
    [150, false],
  ])('work percent %j → valid %s', (work_percent, ok) => {
    const e = errorsOf(positionEntity, { code: 'P1', name: 'Buyer', user_id: 'u-1', work_percent, is_manager: true });
    expect(e).toEqual(ok ? {} : { work_percent: [mdt('en', 'md.range', { min: 0, max: 100 })] });
  });
});

describe('one primary contact / delivery row', () => {
  it('customer: a second primary contact or delivery row gets the message on its flag', () => {
    const e = errorsOf(customerEntity, {
      code: 'C1',
      name: 'Metro',
      contacts: [
        { person: 'A', is_primary: true },
        { person: 'B', is_primary: false },
        { person: 'C', is_primary: true },
      ],
      delivery: [
        { person: 'A', address: 'X', is_primary: true },
        { person: 'B', address: 'Y', is_primary: true },
      ],
    });
    const msg = et('en', 'entity.onePrimary');
    expect(rowErrors(e, 'contacts', 0)).toBeNull();
    expect(rowErrors(e, 'contacts', 1)).toBeNull();
    expect(rowErrors(e, 'contacts', 2)).toEqual({ is_primary: [msg] });
    expect(rowErrors(e, 'delivery', 1)).toEqual({ is_primary: [msg] });
  });
  it('vendor: one primary contact among several is fine; two are not', () => {
    const base = { code: 'V1', short_name: 'Mill', full_name: 'Mill Ltd.' };
    expect(
      errorsOf(vendorEntity, {
        ...base,
        contacts: [
          { person: 'A', is_primary: true, bound_user_id: 'u-1' },
          { person: 'B', is_primary: false },
        ],
      }),
    ).toEqual({});
    const e = errorsOf(vendorEntity, {
      ...base,
      contacts: [
        { person: 'A', is_primary: true },
        { person: 'B', is_primary: true },
      ],
    });
    expect(rowErrors(e, 'contacts', 1)).toEqual({ is_primary: [et('en', 'entity.onePrimary')] });
  });
});

describe('vendor: validity, platform company id, contact formats', () => {
  const base = { code: 'V1', short_name: 'Mill', full_name: 'Mill Ltd.' };
  it('valid to not before valid from', () => {
    expect(errorsOf(vendorEntity, { ...base, valid_from: '2025-01-01', valid_to: '2025-12-31' })).toEqual({});
    expect(errorsOf(vendorEntity, { ...base, valid_from: '2025-01-01', valid_to: '2024-12-31' })).toEqual({ valid_to: [mdt('en', 'md.dateOrder')] });
  });
  it('the supplier company (platform) is a uuid, lower-cased before it is stored', () => {
    const id = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
    const r = checkDocument(vendorEntity, { ...base, supplier_client_id: id }, ctx);
    expect(r.errors).toEqual({});
    expect(r.values.supplier_client_id).toBe(id.toLowerCase());
    expect(errorsOf(vendorEntity, { ...base, supplier_client_id: 'Demo Garment Factory' })).toEqual({ supplier_client_id: [mdt('en', 'md.uuid')] });
  });
  it('codes are upper-cased before the capital-English check; a code with Chinese is refused', () => {
    expect(checkDocument(vendorEntity, { ...base, code: ' v-1001 ' }, ctx).values.code).toBe('V-1001');
    expect(errorsOf(vendorEntity, { ...base, code: '供应商1' })).toEqual({ code: [t('en', 'val.capitalEnglish')] });
  });
  it('the code may be left empty: the VENDOR serial numbers it', () => {
    expect(errorsOf(vendorEntity, { ...base, code: '' })).toEqual({});
  });
  it('contact email and mobile formats', () => {
    const e = errorsOf(vendorEntity, { ...base, contacts: [{ person: 'A', email: 'not-an-email', mobile: '12345' }] });
    expect(rowErrors(e, 'contacts', 0)).toEqual({ email: [t('en', 'val.email')], mobile: [t('en', 'val.mobile')] });
  });
  it('status is read-only: a posted status is dropped, not stored', () => {
    expect(checkDocument(vendorEntity, { ...base, status: '10' }, ctx).values).not.toHaveProperty('status');
  });
});

describe('customer: unified social credit code', () => {
  it.each([
    ['91310000132207885B', true],
    ['91310000132207885', false],
    ['9131000013220788SB', false],
  ])('%s → valid %s', (unified_credit_code, ok) => {
    const e = errorsOf(customerEntity, { code: 'C1', name: 'Metro', unified_credit_code });
    expect(e).toEqual(ok ? {} : { unified_credit_code: [mdt('en', 'md.usccFormat')] });
  });
});

describe('production line: members and work-line capacity (MD-18, MD-19)', () => {
  const base = { code: 'SEW-01', name: 'Sewing line 1', workshop_id: 'w-1' };
  const cap = (over: Record<string, unknown> = {}) => ({
    valid_from: '2024-01-01',
    valid_to: '2024-12-31',
    morning_hours: '4',
    afternoon_hours: '4',
    capacity_type: 'STANDARD',
    allowed_processes: 'P1,P2',
    ...over,
  });
  it('MD-19: morning 4 h, afternoon 4 h and allowed processes P1, P2 for a date range', () => {
    expect(errorsOf(productionLineEntity, { ...base, capacity: [cap()] })).toEqual({});
    expect(errorsOf(productionLineEntity, { ...base, capacity: [cap({ allowed_processes: 'p1, p2' })] })).toEqual({});
  });
  it('process codes must be a comma-separated list', () => {
    const e = errorsOf(productionLineEntity, { ...base, capacity: [cap({ allowed_processes: 'P1;P2' })] });
    expect(rowErrors(e, 'capacity', 0)).toEqual({ allowed_processes: [mdt('en', 'md.processCodes')] });
  });
  it('hours are 0..24 each and together at most 24', () => {
    const e = errorsOf(productionLineEntity, {
      ...base,
      capacity: [cap({ morning_hours: '25' }), cap({ valid_from: '2025-01-01', valid_to: '2025-12-31', morning_hours: '14', afternoon_hours: '12' })],
    });
    expect(rowErrors(e, 'capacity', 0)?.morning_hours).toEqual([mdt('en', 'md.range', { min: 0, max: 24 })]);
    expect(rowErrors(e, 'capacity', 1)).toEqual({ afternoon_hours: [mdt('en', 'md.hoursPerDay', { max: 24 })] });
  });
  it('validity order, and no overlap within a capacity type', () => {
    const e = errorsOf(productionLineEntity, {
      ...base,
      capacity: [
        cap(),
        cap({ capacity_type: 'OVERTIME', morning_hours: '0', afternoon_hours: '2' }),
        cap({ valid_from: '2024-06-01', valid_to: '2025-05-31' }),
        cap({ valid_from: '2026-01-01', valid_to: '2025-01-01' }),
      ],
    });
    expect(rowErrors(e, 'capacity', 1)).toBeNull();
    expect(rowErrors(e, 'capacity', 2)).toEqual({ valid_from: [mdt('en', 'md.overlap', { row: 1 })] });
    expect(rowErrors(e, 'capacity', 3)).toEqual({ valid_to: [mdt('en', 'md.dateOrder')] });
  });
  it('MD-18: a member is active or frozen; the same employee is listed once', () => {
    expect(
      errorsOf(productionLineEntity, {
        ...base,
        members: [
          { member_name: 'A', employee_no: 'E1', status: 'active' },
          { member_name: 'B', employee_no: 'E2', status: 'frozen' },
        ],
      }),
    ).toEqual({});
    const e = errorsOf(productionLineEntity, {
      ...base,
      members: [
        { member_name: 'A', employee_no: 'E1', status: 'retired' },
        { member_name: 'B', employee_no: 'E1', status: 'active' },
      ],
    });
    expect(rowErrors(e, 'members', 0)).toEqual({ status: [et('en', 'entity.notAnOption')] });
    expect(rowErrors(e, 'members', 1)).toEqual({ employee_no: [mdt('en', 'md.duplicateInRows', { row: 1 })] });
  });
});

describe('service: HTTP type and URL', () => {
  const base = { module: 'MD', title: 'Vendor list', http_type: 'GET', url: '/api/mdapi/vendor/page-list' };
  it('accepts a platform path or an http(s) URL, and the four methods', () => {
    expect(errorsOf(serviceEntity, base)).toEqual({});
    expect(errorsOf(serviceEntity, { ...base, http_type: 'DELETE', url: 'https://esign.example.com/v1/requests/1' })).toEqual({});
    // The spec's own example path has no leading slash (CFG-17).
    expect(errorsOf(serviceEntity, { ...base, module: 'SCM', http_type: 'POST', url: 'scmapi/x' })).toEqual({});
  });
  it('refuses other methods and other URLs', () => {
    expect(errorsOf(serviceEntity, { ...base, http_type: 'PATCH' })).toEqual({ http_type: [et('en', 'entity.notAnOption')] });
    expect(errorsOf(serviceEntity, { ...base, url: 'ftp://x' })).toEqual({ url: [mdt('en', 'md.url')] });
  });
});
