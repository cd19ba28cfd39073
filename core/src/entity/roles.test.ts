import { describe, expect, it } from 'vitest';
import { rolesAllow } from './roles';
import type { RoleRequirement } from './types';

const mine = ['BUYER', 'QA'];

describe('rolesAllow', () => {
  it.each<[string, RoleRequirement, boolean]>([
    ['FORM-12 all [BUYER, QA]', { all: ['BUYER', 'QA'] }, true],
    ['FORM-12 all [BUYER, ADMIN]', { all: ['BUYER', 'ADMIN'] }, false],
    ['FORM-13 any [ADMIN, QA]', { any: ['ADMIN', 'QA'] }, true],
    ['FORM-13 any [ADMIN, FIN]', { any: ['ADMIN', 'FIN'] }, false],
    ['FORM-14 inverted any [ADMIN]', { any: ['ADMIN'], invert: true }, true],
    ['FORM-14 inverted any [QA]', { any: ['QA'], invert: true }, false],
    ['empty requirement', {}, true],
    ['empty lists', { all: [], any: [] }, true],
    ['empty inverted list', { any: [], invert: true }, true],
    ['all and any both hold', { all: ['BUYER'], any: ['QA', 'FIN'] }, true],
    ['all holds, any fails', { all: ['BUYER'], any: ['FIN'] }, false],
    ['case-sensitive', { all: ['buyer'] }, false],
  ])('%s (dashroles BUYER, QA) → %s', (_name, req, expected) => {
    expect(rolesAllow(req, mine)).toBe(expected);
  });

  it('no requirement allows anyone, even without roles', () => {
    expect(rolesAllow(undefined, [])).toBe(true);
    expect(rolesAllow(undefined, undefined)).toBe(true);
  });

  it.each<[string | undefined, boolean]>([
    ['edit', true],
    ['view', false],
    ['create', false],
    [undefined, false],
  ])("FORM-15 routeAction 'edit' on route %s → %s", (route, expected) => {
    expect(rolesAllow({ routeAction: 'edit' }, mine, route)).toBe(expected);
  });

  it('route action and roles combine with AND', () => {
    expect(rolesAllow({ routeAction: 'edit', any: ['QA'] }, mine, 'edit')).toBe(true);
    expect(rolesAllow({ routeAction: 'edit', any: ['FIN'] }, mine, 'edit')).toBe(false);
    expect(rolesAllow({ routeAction: 'edit', any: ['QA'] }, mine, 'view')).toBe(false);
  });
});
