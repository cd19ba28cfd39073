// Splitting an order into work orders (spec §4 'Planning / work order'): one work order per
// standard process of the plant (the top level of master data's process tree, in sequence), on
// the first active line of the plant whose work-line capacity allows that process or one of its
// steps, with the days the quantity needs at the line's morning + afternoon hours. Steps overlap
// as garments flow in bundles: each starts the day after the previous one starts. Pure, so the
// server and the tests share it.
import { addDec, compareDec, divDec, mulDec, roundDec, subDec } from '@seamline/core';

/** Pieces one line makes per working hour: a planning assumption until styles carry standard minutes. */
export const PIECES_PER_LINE_HOUR = '25';

export interface PlanProcess {
  id: string;
  code: string;
  sequence: number;
  /** Codes of its steps (children in the process tree). */
  stepCodes: string[];
}

export interface PlanLine {
  id: string;
  code: string;
  /** Allowed process codes of its capacity valid on the start day. */
  allowed: string[];
  /** Morning + afternoon hours of that capacity. */
  hoursPerDay: string;
}

export interface PlannedStep {
  process: PlanProcess;
  line: PlanLine | null;
  start: string;
  end: string;
  days: number;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days between two dates (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Days a quantity takes on a line (at least one). */
export function daysFor(qty: string, hoursPerDay: string): number {
  const perDay = mulDec(hoursPerDay, PIECES_PER_LINE_HOUR);
  const days = divDec(qty, perDay, 0);
  if (days === null) return 1;
  const whole = Number(days);
  // divDec rounds half-up; a remainder still needs its day.
  return Math.max(1, Number(mulDec(String(whole), perDay)) < Number(qty) ? whole + 1 : whole);
}

/** The steps of a plan; null when the plant has no standard process (spec §8). */
export function planSteps(processes: readonly PlanProcess[], lines: readonly PlanLine[], qty: string, start: string): PlannedStep[] | null {
  if (processes.length === 0) return null;
  const ordered = [...processes].sort((a, b) => a.sequence - b.sequence || a.code.localeCompare(b.code));
  const byCode = [...lines].sort((a, b) => a.code.localeCompare(b.code));
  return ordered.map((process, i) => {
    const wanted = new Set([process.code, ...process.stepCodes]);
    const line = byCode.find((l) => l.allowed.some((c) => wanted.has(c))) ?? null;
    const days = line ? daysFor(qty, line.hoursPerDay) : 1;
    const s = addDays(start, i);
    return { process, line, start: s, end: addDays(s, days - 1), days };
  });
}

/** A work-line capacity period of a line: valid from–to ('YYYY-MM-DD'), morning + afternoon hours. */
export interface CapacityPeriod {
  from: string;
  to: string;
  hours: string;
}

/**
 * The periods that give a line its hours on a day: those valid that day; past the last maintained
 * period, that last period (capacity is often maintained late — docs/orders.md 'Decisions').
 */
export function periodsOn<P extends { from: string; to: string }>(periods: readonly P[], day: string): P[] {
  const valid = periods.filter((p) => p.from <= day && p.to >= day);
  if (valid.length > 0) return valid;
  const lastTo = periods.map((p) => p.to).sort().at(-1);
  return periods.filter((p) => p.to === lastTo && p.from <= day);
}

/** A line's hours on a day (all its valid periods added, e.g. standard + overtime). */
export const hoursOn = (periods: readonly CapacityPeriod[], day: string): string => roundDec(addDec('0', ...periodsOn(periods, day).map((p) => p.hours)), 4)!;

/** What the load view needs of a work order on the calendar. */
export interface LoadOrder {
  line: string | null;
  start: string | null;
  end: string | null;
  qty: string;
}

/** One line-day of the load view: hours planned against the line's hours. */
export interface DayLoad {
  line: string;
  day: string;
  planned: string;
  capacity: string;
  over: boolean;
}

/**
 * Hours planned per line per day (the calendar's load view). A work order needs
 * qty / PIECES_PER_LINE_HOUR line-hours; from its first day on, each day takes up to the line's
 * hours of that day and the last day takes the rest — the way planning counted its days, so a
 * work order squeezed into fewer days (moved, or on a shorter line) shows as over capacity on its
 * last day, and two work orders on one line-day add up. Exact to 4 decimals.
 */
export function dailyLoad(orders: readonly LoadOrder[], lines: readonly string[], days: readonly string[], capacity: (line: string, day: string) => string): DayLoad[] {
  const planned = new Map<string, string>();
  for (const o of orders) {
    if (!o.line || !o.start) continue;
    const span = daysBetween(o.start, o.end ?? o.start);
    let left = divDec(o.qty, PIECES_PER_LINE_HOUR, 4) ?? '0';
    for (let i = 0; i <= span && compareDec(left, '0') > 0; i++) {
      const day = addDays(o.start, i);
      const cap = capacity(o.line, day);
      const take = i === span || compareDec(left, cap) < 0 ? left : cap;
      left = subDec(left, take);
      const key = `${o.line}|${day}`;
      planned.set(key, addDec(planned.get(key) ?? '0', take));
    }
  }
  return lines.flatMap((line) =>
    days.map((day) => {
      const p = planned.get(`${line}|${day}`) ?? '0';
      const cap = capacity(line, day);
      return { line, day, planned: roundDec(p, 4)!, capacity: roundDec(cap, 4)!, over: compareDec(p, cap) > 0 };
    }),
  );
}
