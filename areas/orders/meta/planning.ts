// Splitting an order into work orders (spec §4 'Planning / work order'): one work order per
// standard process of the plant (the top level of master data's process tree, in sequence), on
// the first active line of the plant whose work-line capacity allows that process or one of its
// steps, with the days the quantity needs at the line's morning + afternoon hours. Steps overlap
// as garments flow in bundles: each starts the day after the previous one starts. Pure, so the
// server and the tests share it.
import { divDec, mulDec } from '@seamline/core';

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
