// The report endpoints (docs/reports.md) and their wire types.
export const RPT = {
  list: 'rptapi/report/list',
  run: 'rptapi/report/run',
  export: 'rptapi/report/export',
  clientCompanies: 'rptapi/clientrpt/companies',
  clientRun: 'rptapi/clientrpt/run',
  clientExport: 'rptapi/clientrpt/export',
  towerRoles: 'rptapi/control-tower/roles',
  board: 'rptapi/visual/board',
  printLanguage: 'rptapi/print/language',
} as const;

export interface ReportMeta {
  opt: string;
  label: string;
  description: string;
  group_label: string;
  measures: Array<{ key: string; agg: 'count' | 'sum' | 'avg'; label: string }>;
  filters: string[];
  entity: string | null;
  chart: 'bar' | 'pie';
  client: boolean;
}

export interface ReportRow {
  key: string | null;
  label: string;
  [measure: string]: string | null;
}

export interface ReportData {
  report: ReportMeta;
  rows: ReportRow[];
  total: Record<string, string | null>;
  /** What a measure counts in (server run.ts): a unit or currency, fixed or per row (`<key>__code`, `<key>__by`). */
  units?: Record<string, { kind: 'unit' | 'currency'; code?: string }>;
}

export interface TowerRole {
  key: string;
  label: string;
  /** The tab the page opens on: the user's own side. */
  own?: boolean;
  roles: string[];
  counters: string[];
}

export interface Board {
  scans: number;
  pieces: string;
  processes: Array<{ process: string; pieces: string }>;
  work_orders: Array<{ id: string; code: string; style_code: string | null; qty: string; completed_qty: string; progress: string }>;
}

/** Exact decimal text with thousands separators ('1234567.5000' → '1,234,567.5000'); no float in between. */
export function groupDigits(text: string | null | undefined): string {
  if (text === null || text === undefined || text === '') return '—';
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!m) return text;
  return `${m[1]}${m[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}
