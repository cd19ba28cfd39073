import { describe, expect, it } from 'vitest';
import { ACTIVATION_COLORS, CAPACITY_COLORS, STATUS_COLORS, statusColor } from './statusColors';

describe('STATUS_COLORS (CON-24)', () => {
  it('has exactly the spec keys', () => {
    expect(Object.keys(STATUS_COLORS).sort()).toEqual(
      [
        'APPR',
        'CONFIRM',
        'LINK',
        'MSG',
        'ADMIN',
        'GUEST',
        'UNASSIGNED',
        'COMMON',
        'PENDING_ARRPOVE',
        'APPROVED',
        'REJECTED',
        'exists',
        'not exists',
        'active',
        'inactive',
      ].sort(),
    );
    expect(Object.keys(ACTIVATION_COLORS.material)).toEqual(['0', '10', '40']);
    expect(Object.keys(ACTIVATION_COLORS.vendor)).toEqual(['0', '10', '40']);
    expect(Object.keys(ACTIVATION_COLORS.bom)).toEqual(['0', '10', '40', '100']);
    expect(Object.keys(CAPACITY_COLORS)).toEqual(['0', '10', '20', '30', '40', '100']);
  });

  it.each(Object.keys(STATUS_COLORS))('%s has a defined colour', (k) => {
    expect(statusColor(k)).not.toBe('default');
  });

  it('unknown keys give default', () => {
    expect(statusColor('NOPE')).toBe('default');
    expect(statusColor('PENDING_APPROVE')).toBe('default'); // CPM-14: only the spec spelling
    expect(statusColor('constructor')).toBe('default');
    expect(statusColor('100', 'activation')).toBe('default');
    expect(statusColor('50', 'capacity')).toBe('default');
  });
});

const distinct = (list: string[]) => new Set(list).size === list.length;

describe('distinct colours within each group', () => {
  it('CFG-05 ADMIN, GUEST, UNASSIGNED, COMMON', () => {
    expect(distinct(['ADMIN', 'GUEST', 'UNASSIGNED', 'COMMON'].map((k) => statusColor(k)))).toBe(true);
  });

  it('CPM-14 PENDING_ARRPOVE, APPROVED, REJECTED', () => {
    expect(distinct(['PENDING_ARRPOVE', 'APPROVED', 'REJECTED'].map((k) => statusColor(k)))).toBe(true);
  });

  it('MD-21 exists, not exists, active, inactive', () => {
    expect(distinct(['exists', 'not exists', 'active', 'inactive'].map((k) => statusColor(k)))).toBe(true);
  });

  it('APPR, CONFIRM, LINK, MSG', () => {
    expect(distinct(['APPR', 'CONFIRM', 'LINK', 'MSG'].map((k) => statusColor(k)))).toBe(true);
  });

  it('MD-14 material/vendor activation 0, 10, 40 (numbers or strings)', () => {
    for (const g of ['activation', 'material', 'vendor'] as const) {
      const colours = [0, 10, 40].map((k) => statusColor(k, g));
      expect(distinct(colours)).toBe(true);
      expect(colours).not.toContain('default');
      expect(statusColor('10', g)).toBe(statusColor(10, g));
    }
  });

  it('STY-04 bom 0, 10, 40, 100', () => {
    const colours = [0, 10, 40, 100].map((k) => statusColor(k, 'bom'));
    expect(distinct(colours)).toBe(true);
    expect(colours).not.toContain('default');
  });

  it('CAP-04 capacity 0, 10, 20, 30, 40, 100', () => {
    const colours = [0, 10, 20, 30, 40, 100].map((k) => statusColor(k, 'capacity'));
    expect(distinct(colours)).toBe(true);
    expect(colours).not.toContain('default');
  });
});
