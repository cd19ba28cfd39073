// AQL sampling by ISO 2859-1 (ANSI/ASQ Z1.4, the civil successor of MIL-STD-105E; the three print
// the same Table I, II-A and II-B for single sampling) — issue 25 step 1, docs/quality.md.
//
// Pure: no server, no I/O. From a lot size, an inspection level and an AQL this derives the sample
// size code letter (Table I), then the single sampling plan (Table II-A normal, II-B tightened, II-C reduced):
// sample size, acceptance number Ac and rejection number Re, following the tables' arrows where a
// cell has no plan (the plan's sample size then changes with it). The verdict of an inspection is
// pass when every defect class is within its Ac.
//
// Sources: ISO 2859-1:1999 'Sampling procedures for inspection by attributes — Part 1', Table 1
// (sample size code letters), Table 2-A and 2-B; the same tables are MIL-STD-105E (10 May 1989,
// public, unlimited distribution) Table I, II-A and II-B, and ANSI/ASQ Z1.4-2008.
// The data below is transcribed from them; sampling.test.ts checks it row by row against
// published values.
import { qualityMessages, type QualityMessageKey } from './messages';

export const INSPECTION_LEVELS = ['S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III'] as const;
export type InspectionLevel = (typeof INSPECTION_LEVELS)[number];

export const SEVERITIES = ['normal', 'tightened', 'reduced'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const DEFECT_CLASSES = ['critical', 'major', 'minor'] as const;
export type DefectClass = (typeof DEFECT_CLASSES)[number];

/** The AQL series of Table II (percent nonconforming, or nonconformities per 100 items above 10). */
export const AQL_SERIES = [
  0.01, 0.015, 0.025, 0.04, 0.065, 0.1, 0.15, 0.25, 0.4, 0.65, 1, 1.5, 2.5, 4, 6.5, 10, 15, 25, 40, 65, 100, 150,
  250, 400, 650, 1000,
] as const;

export type CodeLetter = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'J' | 'K' | 'L' | 'M' | 'N' | 'P' | 'Q' | 'R' | 'S';

/** Code letter → sample size (Table II-A/II-B, 'Sample size' column). S (3150) exists only in II-B. */
export const SAMPLE_SIZES: Record<CodeLetter, number> = {
  A: 2, B: 3, C: 5, D: 8, E: 13, F: 20, G: 32, H: 50, J: 80, K: 125, L: 200, M: 315, N: 500, P: 800, Q: 1250, R: 2000,
  S: 3150,
};

/**
 * Table I — sample size code letters. Each row: the lot's upper bound (inclusive; the lower bound is
 * the previous row's + 1, the first row starts at 2) and the letters for S-1, S-2, S-3, S-4, I, II, III.
 */
const TABLE_I: ReadonlyArray<readonly [number, string]> = [
  //  lot size up to       S-1 S-2 S-3 S-4  I  II  III
  [8, /*          2–8 */ 'A   A   A   A    A   A   B'],
  [15, /*        9–15 */ 'A   A   A   A    A   B   C'],
  [25, /*       16–25 */ 'A   A   B   B    B   C   D'],
  [50, /*       26–50 */ 'A   B   B   C    C   D   E'],
  [90, /*       51–90 */ 'B   B   C   C    C   E   F'],
  [150, /*     91–150 */ 'B   B   C   D    D   F   G'],
  [280, /*    151–280 */ 'B   C   D   E    E   G   H'],
  [500, /*    281–500 */ 'B   C   D   E    F   H   J'],
  [1200, /*  501–1200 */ 'C   C   E   F    G   J   K'],
  [3200, /* 1201–3200 */ 'C   D   E   G    H   K   L'],
  [10000, /* 3201–10000 */ 'C   D   F   G    J   L   M'],
  [35000, /* 10001–35000 */ 'C   D   F   H    K   M   N'],
  [150000, /* 35001–150000 */ 'D   E   G   J    L   N   P'],
  [500000, /* 150001–500000 */ 'D   E   G   J    M   P   Q'],
  [Infinity, /* 500001 and over */ 'D   E   H   K    N   Q   R'],
];

/**
 * A plan cell of Table II: the acceptance number (the rejection number is Ac + 1 in every single
 * sampling cell of II-A and II-B), an Ac/Re pair (II-C), or an arrow: 'v' use the first plan below, '^' the first plan
 * above (in the same AQL column), '-' no cell (only letter S of II-B).
 */
type Cell = number | readonly [accept: number, reject: number] | 'v' | '^' | '-';

/** A row of a table: cells 'Ac' (Re = Ac + 1), 'Ac/Re' (Table II-C, where Re may be Ac + 2 or more) or an arrow. */
function row(text: string): readonly Cell[] {
  const cells = text
    .trim()
    .split(/\s+/)
    .map((c): Cell => (c === 'v' || c === '^' || c === '-' ? c : c.includes('/') ? (c.split('/').map(Number) as [number, number]) : Number(c)));
  const bad = (n: number) => !Number.isInteger(n) || n < 0;
  if (cells.length !== AQL_SERIES.length || cells.some((c) => (typeof c === 'number' ? bad(c) : Array.isArray(c) && (bad(c[0]) || bad(c[1]) || c[1] <= c[0])))) {
    throw new Error(`sampling table row has ${cells.length} cells: ${text}`);
  }
  return cells;
}

/*
 * Table II-A — single sampling plans for normal inspection (master table). Columns: the AQL series
 *                0.010 .015 .025 .040 .065 0.10 0.15 0.25 0.40 0.65 1.0 1.5 2.5 4.0 6.5 10 15 25 40 65 100 150 250 400 650 1000
 * Two cells are read, not copied: the printed table shows an up arrow at A / AQL 10 with no plan
 * above it, read here as down (to C, 5 pieces, 1/2), and the cell R / 0.015, which can point only
 * upwards (to P, 800 pieces, 0/1). docs/quality.md, 'Decisions'.
 */
const TABLE_II_A: Partial<Record<CodeLetter, readonly Cell[]>> = {
  A: row(' v  v  v  v  v  v  v  v  v  v  v  v  v  v  0  v  v  1  2  3  5  7 10 14 21 30'),
  B: row(' v  v  v  v  v  v  v  v  v  v  v  v  v  0  ^  v  1  2  3  5  7 10 14 21 30 44'),
  C: row(' v  v  v  v  v  v  v  v  v  v  v  v  0  ^  v  1  2  3  5  7 10 14 21 30 44  ^'),
  D: row(' v  v  v  v  v  v  v  v  v  v  v  0  ^  v  1  2  3  5  7 10 14 21 30 44  ^  ^'),
  E: row(' v  v  v  v  v  v  v  v  v  v  0  ^  v  1  2  3  5  7 10 14 21 30 44  ^  ^  ^'),
  F: row(' v  v  v  v  v  v  v  v  v  0  ^  v  1  2  3  5  7 10 14 21  ^  ^  ^  ^  ^  ^'),
  G: row(' v  v  v  v  v  v  v  v  0  ^  v  1  2  3  5  7 10 14 21  ^  ^  ^  ^  ^  ^  ^'),
  H: row(' v  v  v  v  v  v  v  0  ^  v  1  2  3  5  7 10 14 21  ^  ^  ^  ^  ^  ^  ^  ^'),
  J: row(' v  v  v  v  v  v  0  ^  v  1  2  3  5  7 10 14 21  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  K: row(' v  v  v  v  v  0  ^  v  1  2  3  5  7 10 14 21  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  L: row(' v  v  v  v  0  ^  v  1  2  3  5  7 10 14 21  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  M: row(' v  v  v  0  ^  v  1  2  3  5  7 10 14 21  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  N: row(' v  v  0  ^  v  1  2  3  5  7 10 14 21  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  P: row(' v  0  ^  v  1  2  3  5  7 10 14 21  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  Q: row(' 0  ^  v  1  2  3  5  7 10 14 21  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  R: row(' ^  ^  1  2  3  5  7 10 14 21  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
};

/*
 * Table II-B — single sampling plans for tightened inspection (master table); same columns. Letter
 * S (3150 pieces) is reached only through the arrow at R / 0.010.
 */
const TABLE_II_B: Partial<Record<CodeLetter, readonly Cell[]>> = {
  A: row(' v  v  v  v  v  v  v  v  v  v  v  v  v  v  v  v  0  v  1  2  3  5  8 12 18 27'),
  B: row(' v  v  v  v  v  v  v  v  v  v  v  v  v  v  v  0  v  1  2  3  5  8 12 18 27 41'),
  C: row(' v  v  v  v  v  v  v  v  v  v  v  v  v  v  0  v  1  2  3  5  8 12 18 27 41  ^'),
  D: row(' v  v  v  v  v  v  v  v  v  v  v  v  v  0  v  1  2  3  5  8 12 18 27 41  ^  ^'),
  E: row(' v  v  v  v  v  v  v  v  v  v  v  v  0  v  1  2  3  5  8 12 18 27 41  ^  ^  ^'),
  F: row(' v  v  v  v  v  v  v  v  v  v  v  0  v  1  2  3  5  8 12 18  ^  ^  ^  ^  ^  ^'),
  G: row(' v  v  v  v  v  v  v  v  v  v  0  v  1  2  3  5  8 12 18  ^  ^  ^  ^  ^  ^  ^'),
  H: row(' v  v  v  v  v  v  v  v  v  0  v  1  2  3  5  8 12 18  ^  ^  ^  ^  ^  ^  ^  ^'),
  J: row(' v  v  v  v  v  v  v  v  0  v  1  2  3  5  8 12 18  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  K: row(' v  v  v  v  v  v  v  0  v  1  2  3  5  8 12 18  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  L: row(' v  v  v  v  v  v  0  v  1  2  3  5  8 12 18  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  M: row(' v  v  v  v  v  0  v  1  2  3  5  8 12 18  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  N: row(' v  v  v  v  0  v  1  2  3  5  8 12 18  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  P: row(' v  v  v  0  v  1  2  3  5  8 12 18  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  Q: row(' v  v  0  v  1  2  3  5  8 12 18  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  R: row(' v  0  ^  1  2  3  5  8 12 18  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^  ^'),
  S: row(' 0  -  -  -  -  -  -  -  -  -  -  -  -  -  -  -  -  -  -  -  -  -  -  -  -  -'),
};

/*
 * Table II-C — single sampling plans for reduced inspection (master table), as MIL-STD-105E and
 * ANSI/ASQ Z1.4 print it; same columns. The reduced sample sizes (REDUCED_SAMPLE_SIZES) are those
 * of the code letter two steps lower (A–C: 2 pieces). Between Ac and Re there is a gap (1/4, 2/5,
 * 5/8 …): a lot with more than Ac but fewer than Re defects is accepted, but normal inspection is
 * reinstated for the next lot (MIL-STD-105E 8.3.3 b; see switching.ts). ISO 2859-1:1999 dropped the
 * gap (Re = Ac + 1); this table is the public 1989 one, like the switching condition in
 * switching.ts. docs/quality.md, 'Reduced inspection'.
 */
const TABLE_II_C: Partial<Record<CodeLetter, readonly Cell[]>> = {
  A: row('     v     v     v     v     v     v     v     v     v     v     v     v     v     v   0/1     v   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24 30/33'),
  B: row('     v     v     v     v     v     v     v     v     v     v     v     v     v     v   0/1     v   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24 30/33'),
  C: row('     v     v     v     v     v     v     v     v     v     v     v     v     v     v   0/1     v   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24 30/33'),
  D: row('     v     v     v     v     v     v     v     v     v     v     v     v     v   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24 30/33 44/47'),
  E: row('     v     v     v     v     v     v     v     v     v     v     v     v   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24 30/33 44/47     ^'),
  F: row('     v     v     v     v     v     v     v     v     v     v     v   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24 30/33 44/47     ^     ^'),
  G: row('     v     v     v     v     v     v     v     v     v     v   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24 30/33 44/47     ^     ^     ^'),
  H: row('     v     v     v     v     v     v     v     v     v   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24     ^     ^     ^     ^     ^     ^'),
  J: row('     v     v     v     v     v     v     v     v   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24     ^     ^     ^     ^     ^     ^     ^'),
  K: row('     v     v     v     v     v     v     v   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24     ^     ^     ^     ^     ^     ^     ^     ^'),
  L: row('     v     v     v     v     v     v   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24     ^     ^     ^     ^     ^     ^     ^     ^     ^'),
  M: row('     v     v     v     v     v   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^'),
  N: row('     v     v     v     v   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^'),
  P: row('     v     v     v   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^'),
  Q: row('     v     v   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^'),
  R: row('   0/1   0/1   0/2   1/3   1/4   2/5   3/6   5/8  7/10 10/13 14/17 21/24     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^     ^'),
};

/** Code letter → sample size under reduced inspection (Table II-C's 'Sample size' column). */
export const REDUCED_SAMPLE_SIZES: Record<CodeLetter, number> = {
  A: 2, B: 2, C: 2, D: 3, E: 5, F: 8, G: 13, H: 20, J: 32, K: 50, L: 80, M: 125, N: 200, P: 315, Q: 500, R: 800, S: 800,
};

const LETTERS: readonly CodeLetter[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R', 'S'];

/** A refusal of bad input: `key` is a message of ./messages.ts, `params` fill it; message is the English text. */
export class SamplingError extends Error {
  constructor(
    readonly key: QualityMessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(qualityMessages.en[key].replace(/\{(\w+)\}/g, (w, n: string) => (n in params ? String(params[n]) : w)));
    this.name = 'SamplingError';
  }
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

function checkLotSize(lotSize: unknown): number {
  if (typeof lotSize !== 'number' || !Number.isSafeInteger(lotSize) || lotSize < 2) {
    throw new SamplingError('quality.lotSizeInvalid', { value: show(lotSize) });
  }
  return lotSize;
}

function checkLevel(level: unknown): InspectionLevel {
  if (!INSPECTION_LEVELS.includes(level as InspectionLevel)) throw new SamplingError('quality.levelUnknown', { value: show(level) });
  return level as InspectionLevel;
}

/**
 * The AQL as a number: 0 (zero tolerance, see samplingPlan) or a value of AQL_SERIES. A decimal
 * string ('2.5', '0.010', as a numeric column returns it) is read as its number.
 */
export function parseAql(aql: unknown): number {
  const n = typeof aql === 'number' ? aql : typeof aql === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(aql) ? Number(aql) : NaN;
  if (n === 0 || (AQL_SERIES as readonly number[]).includes(n)) return n;
  throw new SamplingError('quality.aqlUnknown', { value: show(aql) });
}

/** Table I: the sample size code letter of a lot at an inspection level. */
export function codeLetterFor(lotSize: number, level: InspectionLevel): CodeLetter {
  const lot = checkLotSize(lotSize);
  const column = INSPECTION_LEVELS.indexOf(checkLevel(level));
  const [, letters] = TABLE_I.find(([upTo]) => lot <= upTo)!;
  return letters.trim().split(/\s+/)[column] as CodeLetter;
}

export interface SamplingInput {
  lotSize: number;
  level: InspectionLevel;
  /** 0 or a value of AQL_SERIES (number, or a decimal string). */
  aql: number | string;
  severity?: Severity;
}

export interface SamplingPlan {
  /** Table I's letter for the lot and level. */
  codeLetter: CodeLetter;
  /** The letter of the plan used: differs from codeLetter when an arrow was followed. */
  planLetter: CodeLetter;
  /** Pieces to inspect: the plan's sample size, or the whole lot when that is not larger. */
  sampleSize: number;
  /** Accept the lot with at most this many defects (nonconformities) in the sample. */
  accept: number;
  /** Reject the lot with this many or more. */
  reject: number;
  /** The plan's sample reaches or exceeds the lot: every piece is inspected (sampleSize = lotSize). */
  fullInspection: boolean;
  aql: number;
  severity: Severity;
}

function tableFor(severity: unknown): Partial<Record<CodeLetter, readonly Cell[]>> {
  if (severity === 'normal') return TABLE_II_A;
  if (severity === 'tightened') return TABLE_II_B;
  if (severity === 'reduced') return TABLE_II_C;
  throw new SamplingError('quality.severityUnknown', { value: show(severity) });
}

/** Follow the arrows of one AQL column from a letter to the first cell with a plan. */
function resolve(table: Partial<Record<CodeLetter, readonly Cell[]>>, letter: CodeLetter, column: number) {
  let i = LETTERS.indexOf(letter);
  for (let steps = 0; steps <= LETTERS.length; steps++) {
    const cell = table[LETTERS[i]]?.[column];
    if (typeof cell === 'number') return { planLetter: LETTERS[i], accept: cell, reject: cell + 1 };
    if (Array.isArray(cell)) return { planLetter: LETTERS[i], accept: cell[0], reject: cell[1] };
    if (cell === 'v') i++;
    else if (cell === '^') i--;
    else break;
  }
  // Unreachable with the tables above; sampling.test.ts walks every cell.
  throw new Error(`sampling table: no plan from ${letter} in AQL column ${AQL_SERIES[column]}`);
}

/**
 * The single sampling plan for a lot (ISO 2859-1 Table I, then II-A or II-B).
 *
 * AQL 0 is zero tolerance (the usual contract for critical defects; the standard has no AQL 0):
 * the code letter's sample size at the chosen severity, accept 0, reject 1 — any one defect of the
 * class rejects the lot.
 *
 * When the sample size reaches or exceeds the lot, every piece is inspected: sampleSize is the lot
 * size, fullInspection true, and the plan's Ac/Re still decide (the note under Tables 2-A/2-B:
 * when the sample size equals or exceeds the lot size, inspect 100 %).
 */
export function samplingPlan(input: SamplingInput): SamplingPlan {
  const lotSize = checkLotSize(input?.lotSize);
  const level = checkLevel(input.level);
  const aql = parseAql(input.aql);
  const severity = (input.severity ?? 'normal') as Severity;
  const table = tableFor(severity);
  const codeLetter = codeLetterFor(lotSize, level);
  const { planLetter, accept, reject } =
    aql === 0 ? { planLetter: codeLetter, accept: 0, reject: 1 } : resolve(table, codeLetter, (AQL_SERIES as readonly number[]).indexOf(aql));
  const planSize = (severity === 'reduced' ? REDUCED_SAMPLE_SIZES : SAMPLE_SIZES)[planLetter];
  const fullInspection = planSize >= lotSize;
  return {
    codeLetter,
    planLetter,
    sampleSize: fullInspection ? lotSize : planSize,
    accept,
    reject,
    fullInspection,
    aql,
    severity,
  };
}

export type ClassPlans = Partial<Record<DefectClass, Pick<SamplingPlan, 'accept' | 'reject'>>>;
export type DefectCounts = Partial<Record<DefectClass, number>>;

export interface ClassVerdict {
  count: number;
  accept: number;
  reject: number;
  pass: boolean;
}

export interface Verdict {
  pass: boolean;
  /** The classes whose count reached their rejection number, in the order critical, major, minor. */
  failed: DefectClass[];
  byClass: Partial<Record<DefectClass, ClassVerdict>>;
}

/**
 * The lot's verdict: pass only when every class with a plan is below its rejection number (count ≤
 * Ac on normal and tightened plans, where Re = Ac + 1); a class fails at count ≥ Re. A class without a count has 0 defects; a count for a
 * class without a plan, an unknown class or a count that is not a whole number ≥ 0 is refused.
 */
export function verdict(plans: ClassPlans, counts: DefectCounts): Verdict {
  for (const cls of Object.keys(plans ?? {})) {
    if (!DEFECT_CLASSES.includes(cls as DefectClass)) throw new SamplingError('quality.defectClassUnknown', { value: cls });
  }
  for (const cls of Object.keys(counts ?? {})) {
    if (!DEFECT_CLASSES.includes(cls as DefectClass)) throw new SamplingError('quality.defectClassUnknown', { value: cls });
  }
  const planned = DEFECT_CLASSES.filter((cls) => plans?.[cls]);
  if (planned.length === 0) throw new SamplingError('quality.noPlans');
  const byClass: Verdict['byClass'] = {};
  const failed: DefectClass[] = [];
  for (const cls of DEFECT_CLASSES) {
    const raw = counts?.[cls];
    const count = raw === undefined ? 0 : raw;
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
      throw new SamplingError('quality.defectCountInvalid', { cls, value: show(raw) });
    }
    const plan = plans[cls];
    if (!plan) {
      if (count > 0) throw new SamplingError('quality.defectsWithoutPlan', { cls, count });
      continue;
    }
    // Accepted below Re: the same as count ≤ Ac where Re = Ac + 1 (Tables II-A, II-B); under reduced
    // inspection a count between Ac and Re still accepts the lot (and reinstates normal, switching.ts).
    const pass = count < plan.reject;
    byClass[cls] = { count, accept: plan.accept, reject: plan.reject, pass };
    if (!pass) failed.push(cls);
  }
  return { pass: failed.length === 0, failed, byClass };
}
