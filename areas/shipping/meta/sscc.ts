// GS1 identifiers of a shipping carton (GS1 General Specifications §7.9.1 check digit, §2.2.1
// SSCC): the SSCC-18 is an extension digit, the company prefix, a serial reference and a mod-10
// check digit — 18 digits, printed as GS1-128 with application identifier (00).

/** The GS1 mod-10 check digit of a digit string (any GS1 key without its check digit). */
export function gs1CheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('digits only');
  let sum = 0;
  // Weights 3, 1, 3, … from the rightmost digit (the one next to the check digit).
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** A GS1 key (GTIN, SSCC…) whose last digit is its check digit. */
export function isValidGs1Key(key: string): boolean {
  return /^\d{2,}$/.test(key) && gs1CheckDigit(key.slice(0, -1)) === Number(key[key.length - 1]);
}

/** A GS1 company prefix: 7 to 10 digits (the SSCC's serial reference takes the other 16 − n). */
export const GS1_PREFIX_RE = /^\d{7,10}$/;

/**
 * The SSCC-18 of a company prefix and a serial: extension digit, prefix, the serial zero-padded to
 * 16 − prefix length digits, check digit. Null when the serial does not fit (the series is used up).
 */
export function makeSscc(prefix: string, serial: number | bigint, extension = 0): string | null {
  if (!GS1_PREFIX_RE.test(prefix) || extension < 0 || extension > 9) return null;
  const width = 16 - prefix.length;
  const ref = String(serial);
  if (!/^\d+$/.test(ref) || ref.length > width) return null;
  const body = `${extension}${prefix}${ref.padStart(width, '0')}`;
  return body + String(gs1CheckDigit(body));
}

/** A scanned label → its SSCC: a keyboard-wedge scanner sends '(00)…', ']C100…' or the 18 digits. */
export function ssccFromScan(text: string): string | null {
  const digits = text.replace(/^\]C1/, '').replace(/[()\s]/g, '');
  const m = /^(?:00)?(\d{18})$/.exec(digits);
  return m && isValidGs1Key(m[1]!) ? m[1]! : null;
}

/** The human-readable form under the barcode: (00) and the 18 digits. */
export const ssccText = (sscc: string) => `(00) ${sscc}`;
