// Templates on booking (issue 25 'Checklists as definitions'; docs/quality.md 'Templates'): the
// brand's chosen (or default) inspection template — its defect catalogue and checks — and the
// measurement points of each offered style's graded chart (areas/development) at each offered size,
// copied onto the inspection. Without a template of its own the brand gets the built-in catalogue
// and checks; a style without a chart has no points (the inspector may still type a measurement).
import { BizError, isUuid, sql, type Tx } from '@seamline/server/api';
import { DEFECT_CATALOGUE, DEFAULT_CHECKS, DEFECT_CLASSES, type CatalogueEntry, type CheckEntry, type DefectClass, type PointEntry } from '../meta';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export interface Snapshot {
  template_id: string | null;
  catalogue: CatalogueEntry[];
  checks: CheckEntry[];
  points: PointEntry[];
}

export async function templateSnapshot(tx: Tx, brandId: string, templateId: unknown, lines: { style_code: string; size: string }[]): Promise<Snapshot> {
  let template: { id: string } | undefined;
  if (templateId !== undefined && templateId !== null && templateId !== '') {
    [template] = isUuid(templateId) ? rowsOf<{ id: string }>(await tx.execute(sql`select id from qc_template where id = ${templateId} and client_id = ${brandId}`)) : [];
    if (!template) throw new BizError('quality.templateNotFound');
  } else {
    [template] = rowsOf<{ id: string }>(await tx.execute(sql`select id from qc_template where client_id = ${brandId} and is_default order by updated_at desc limit 1`));
  }
  let catalogue: CatalogueEntry[] = DEFECT_CATALOGUE.map((d) => ({ ...d }));
  let checks: CheckEntry[] = DEFAULT_CHECKS.map((c) => ({ ...c, result: null, note: null }));
  if (template) {
    const defects = rowsOf<{ code: string; name_en: string; name_zh: string; default_class: string }>(
      await tx.execute(sql`select code, name_en, name_zh, default_class from qc_template_defects where parent_id = ${template.id} order by seq`),
    );
    const own = rowsOf<{ check_group: string; code: string; name_en: string; name_zh: string }>(
      await tx.execute(sql`select check_group, code, name_en, name_zh from qc_template_checks where parent_id = ${template.id} order by seq`),
    );
    if (defects.length) {
      catalogue = defects
        .filter((d) => (DEFECT_CLASSES as readonly string[]).includes(d.default_class))
        .map((d) => ({ code: d.code, label: { en: d.name_en, zh: d.name_zh }, cls: d.default_class as DefectClass }));
    }
    if (own.length) checks = own.map((c) => ({ group: c.check_group, code: c.code, label: { en: c.name_en, zh: c.name_zh }, result: null, note: null }));
  }
  return { template_id: template?.id ?? null, catalogue, checks, points: await chartPoints(tx, brandId, lines) };
}

/** Each offered style's newest graded chart of the brand, read at each offered size. */
async function chartPoints(tx: Tx, brandId: string, lines: { style_code: string; size: string }[]): Promise<PointEntry[]> {
  const points: PointEntry[] = [];
  const byStyle = new Map<string, Set<string>>();
  for (const l of lines) byStyle.set(l.style_code, (byStyle.get(l.style_code) ?? new Set()).add(l.size));
  for (const [style, sizes] of byStyle) {
    const [chart] = rowsOf<{ id: string; sizes: { base?: string; sizes?: string[] } | null }>(
      await tx.execute(sql`select c.id, c.sizes from plm_measurement_chart c join plm_style s on s.id = c.style_id and s.client_id = c.client_id
        where c.client_id = ${brandId} and upper(s.code) = upper(${style}) order by c.updated_at desc limit 1`),
    );
    if (!chart) continue;
    const poms = rowsOf<{ pom_code: string; description: string; tol_plus: string; tol_minus: string; critical: boolean; base_value: string; graded: Record<string, string> | null }>(
      await tx.execute(sql`select pom_code, description, tol_plus::text, tol_minus::text, critical, base_value::text, graded from plm_measurement_chart_points where parent_id = ${chart.id} order by seq`),
    );
    for (const size of sizes) {
      const key = size.toUpperCase();
      for (const p of poms) {
        const spec = p.graded?.[key] ?? (chart.sizes?.base?.toUpperCase() === key ? p.base_value : undefined);
        if (spec === undefined || spec === null) continue;
        points.push({ style_code: style, size, pom_code: p.pom_code, description: p.description, spec: String(spec), tol_plus: p.tol_plus, tol_minus: p.tol_minus, critical: !!p.critical });
      }
    }
  }
  return points;
}

/** The chart's point a reading names (by code or description, at the size, of the style when given). */
export function pointFor(points: unknown, reading: { point: string; size: string; style_code?: string | null }): PointEntry | undefined {
  if (!Array.isArray(points)) return undefined;
  const up = (v: string) => v.trim().toUpperCase();
  return (points as PointEntry[]).find(
    (p) => up(p.size) === up(reading.size) && (up(p.pom_code) === up(reading.point) || up(p.description) === up(reading.point)) && (!reading.style_code || up(p.style_code) === up(reading.style_code)),
  );
}
