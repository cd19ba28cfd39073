// GS1 check digits against the published examples (GS1 General Specifications, the GS1 check
// digit calculator's examples) and the SSCC layout.
import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, isValidGs1Key, makeSscc, ssccFromScan } from './sscc';

describe('GS1 mod-10 check digit', () => {
  it.each([
    // SSCC of the GS1 General Specifications' logistics label example: (00) 1 0614141 123456789 7.
    ['10614141123456789', 7],
    // GTIN-13 of the GS1 check digit calculator example and a retail book code.
    ['400638133393', 1],
    ['978030640615', 7],
    // GTIN-12 (UPC-A) 0 36000 29145 2.
    ['03600029145', 2],
    // GTIN-8 9638 5074.
    ['9638507', 4],
    // The digits of the GS1 manual's step-by-step example (GTIN-14 / SSCC calculation table).
    ['37610425002123456', 9],
  ])('%s → %i', (digits, check) => {
    expect(gs1CheckDigit(digits)).toBe(check);
    expect(isValidGs1Key(digits + check)).toBe(true);
    expect(isValidGs1Key(digits + ((check + 1) % 10))).toBe(false);
  });

  it('makes an SSCC-18 of the company prefix and the serial, and refuses a serial that does not fit', () => {
    expect(makeSscc('0614141', 123456789, 1)).toBe('106141411234567897');
    const s = makeSscc('6901234', 1)!;
    expect(s).toHaveLength(18);
    expect(s.slice(0, 8)).toBe('06901234');
    expect(isValidGs1Key(s)).toBe(true);
    expect(makeSscc('6901234567', 999999)).toHaveLength(18);
    expect(makeSscc('6901234567', 1000000)).toBeNull(); // 6 digits of serial reference left
    expect(makeSscc('123', 1)).toBeNull(); // a prefix has 7–10 digits
  });

  it('reads what a keyboard-wedge scanner types', () => {
    expect(ssccFromScan('(00) 106141411234567897')).toBe('106141411234567897');
    expect(ssccFromScan(']C100106141411234567897')).toBe('106141411234567897');
    expect(ssccFromScan('106141411234567897')).toBe('106141411234567897');
    expect(ssccFromScan('106141411234567891')).toBeNull(); // wrong check digit
    expect(ssccFromScan('hello')).toBeNull();
  });
});
