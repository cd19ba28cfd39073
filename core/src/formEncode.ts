// Request bodies are form-encoded (SPEC §7).

/**
 * One form value: null/undefined and empty arrays are sent as an empty value ('ids='), never
 * omitted and never as '[]'; other arrays and objects travel as JSON; Dates as ISO strings.
 */
export function formValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.length ? JSON.stringify(v) : '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** application/x-www-form-urlencoded body: {a:1,b:'x'} → 'a=1&b=x'; {ids:[]} → 'ids='. */
export function formEncode(body: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) p.append(k, formValue(v));
  return p.toString();
}
