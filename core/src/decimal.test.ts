import { describe, expect, it } from 'vitest';
import { addDec, compareDec, divDec, isDecimal, mulDec, round4, roundDec, subDec } from './decimal';

describe('round4 (CON-11)', () => {
  it.each([
    [1234.56789, '1234.5679'],
    ['1234.56789', '1234.5679'],
    [0.00005, '0.0001'],
    ['0.00005', '0.0001'],
    [2.5, '2.5000'],
    ['2.5', '2.5000'],
    [0, '0.0000'],
    ['-1.23455', '-1.2346'], // half-up = away from zero
    ['-0.00001', '0.0000'], // no negative zero
    [1.00005, '1.0001'], // float math would give 1.0000
    ['12345678901234567890.12345', '12345678901234567890.1235'],
    [1e-7, '0.0000'],
  ])('%j → %s', (v, out) => {
    expect(round4(v)).toBe(out);
  });

  it.each([null, undefined, '', '  ', 'abc', '1,000'])('%j → null', (v) => {
    expect(round4(v as string | null)).toBeNull();
  });

  it('roundDec takes other places', () => {
    expect(roundDec('2.345', 2)).toBe('2.35');
    expect(roundDec('7', 0)).toBe('7');
  });
});

describe('exact arithmetic', () => {
  it('adds without float error', () => {
    expect(addDec(0.1, 0.2)).toBe('0.3');
    expect(addDec('1.0001', '2', null, '')).toBe('3.0001');
    expect(addDec()).toBe('0');
    expect(subDec('0.3', '0.1')).toBe('0.2');
  });

  it('multiplies without float error', () => {
    expect(mulDec('1.1', '1.1')).toBe('1.21');
    expect(mulDec(0.07, 100)).toBe('7');
    expect(mulDec('12.3456', '3')).toBe('37.0368');
  });

  it('divides to 4 places half-up (FORM-17)', () => {
    expect(divDec(10, 3)).toBe('3.3333');
    expect(divDec(2, 3)).toBe('0.6667');
    expect(divDec(1, 8)).toBe('0.1250');
    expect(divDec(1, 0)).toBeNull();
  });

  it('compares', () => {
    expect(compareDec('0.1', 0.1)).toBe(0);
    expect(compareDec('1.00001', '1')).toBe(1);
    expect(compareDec('-2', '1')).toBe(-1);
    expect(compareDec(null, '0')).toBe(0);
  });

  it('rejects garbage in arithmetic', () => {
    expect(() => addDec('abc', 1)).toThrow(/Not a decimal/);
    expect(isDecimal('1.5')).toBe(true);
    expect(isDecimal('x')).toBe(false);
    expect(isDecimal('')).toBe(false);
  });
});
