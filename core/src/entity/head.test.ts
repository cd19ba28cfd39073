import { describe, expect, it } from 'vitest';
import { entityHead } from './head';

describe('entityHead', () => {
  const MD = { area: 'masterdata', prefix: 'mdapi', cata: 'md' };
  it("gives the area's part and the entity's part of a definition's head; the route option is the name by default", () => {
    expect(entityHead(MD, 'org', 'md_org', { en: 'Organization', zh: '组织' })).toEqual({
      name: 'org',
      area: 'masterdata',
      prefix: 'mdapi',
      table: 'md_org',
      label: { en: 'Organization', zh: '组织' },
      route: { cata: 'md', opt: 'org' },
    });
    expect(entityHead(MD, 'supplier-eval', 'srm_supplier_eval', { en: 'E', zh: 'E' }, 'evaluation').route).toEqual({ cata: 'md', opt: 'evaluation' });
  });
});
