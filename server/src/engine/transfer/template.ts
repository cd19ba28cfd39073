// GET P/ENTITY/import-template: an .xlsx to fill in.
//   sheet 1 (data): the header row of the importable fields ('*' = required), date formats per
//     column, a drop-down of the option labels on select and yes/no columns;
//   'Fields': per column its header, field name, format, whether required, and an example (the
//     field's default, else a typical value; a reference shows one of the company's own rows);
//   'Options': the values and labels of every select field (the company's dictionary included);
//   '_fields' (hidden): the field name of each column, so renamed headers still import.
import type ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { defaultOf, pickLabel, t, type EntityDef, type FieldDef, type Lang } from '@seamline/core';
import type { Tx } from '../../db';
import { appUser } from '../../db/tables/tenancy';
import { storedFields } from '../entityTables';
import type { Registry } from '../registry';
import { columnFormat, exportValue, safeCell } from './cells';
import { headerLabel, importFields, requiredColumn } from './columns';
import { optionLists } from './lookups';
import { addKeySheet, addSheet, openWriter, type Writer } from './xlsx';

export interface TemplateContext {
  registry: Registry;
  clientId: string;
  userId: string;
  lang: Lang;
  maxRows: number;
}

const columnLetter = (n: number): string => {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
};

function formatText(def: EntityDef, f: FieldDef, registry: Registry, lang: Lang): string {
  let text: string;
  switch (f.type) {
    case 'string':
    case 'text':
      text = t(lang, 'transfer.type.string');
      break;
    case 'image':
    case 'file':
      text = t(lang, 'transfer.type.url');
      break;
    case 'decimal':
      text = t(lang, 'transfer.type.decimal', { scale: f.scale ?? 4 });
      break;
    case 'reference': {
      const target = registry.get(f.ref!.entity);
      if (!target) text = t(lang, 'transfer.type.user');
      else {
        const display = target.def.fields.find((x) => x.name === f.ref!.displayField) ?? target.def.fields.find((x) => x.name === target.def.display);
        text = t(lang, 'transfer.type.reference', { entity: pickLabel(target.def.label, lang), display: display ? pickLabel(display.label, lang) : f.ref!.displayField });
      }
      break;
    }
    default:
      text = t(lang, `transfer.type.${f.type}`);
  }
  if (f.maxLength) text += ` (≤ ${f.maxLength})`;
  if (def.numbering?.field === f.name) text += `; ${t(lang, 'transfer.type.numbered')}`;
  return text;
}

/** One example value per field: its default, else something typical of its type. */
async function example(tx: Tx, f: FieldDef, ctx: TemplateContext, options: Map<string, Array<[string, string]>>): Promise<unknown> {
  const dv = defaultOf(f, new Date());
  if (dv !== undefined && dv !== null && dv !== '') {
    if (f.type === 'select' || f.type === 'multiselect') {
      const found = options.get(f.name)?.find(([v]) => v === String(dv));
      return found ? found[1] : dv;
    }
    return exportValue(f, dv, ctx.lang);
  }
  switch (f.type) {
    case 'integer':
      return 10;
    case 'decimal':
      return exportValue(f, '12.5', ctx.lang);
    case 'boolean':
      return exportValue(f, true, ctx.lang);
    case 'date':
      return exportValue(f, new Date().toISOString().slice(0, 10), ctx.lang);
    case 'datetime':
      return exportValue(f, `${new Date().toISOString().slice(0, 10)} 09:00:00`, ctx.lang);
    case 'time':
      return exportValue(f, '09:00:00', ctx.lang);
    case 'select':
    case 'multiselect':
      return options.get(f.name)?.[0]?.[1] ?? null;
    case 'reference': {
      const target = ctx.registry.get(f.ref!.entity);
      if (!target) {
        const [me] = await tx.select({ name: sql<string>`coalesce(${appUser.fullName}, ${appUser.username})` }).from(appUser).where(eq(appUser.id, ctx.userId));
        return me?.name ?? null;
      }
      const tb = target.tables.main;
      const display = storedFields(target.def.fields).some((x) => x.name === f.ref!.displayField) ? f.ref!.displayField : target.def.display;
      const [row] = (await tx
        .select({ v: sql<string>`(${tb[display]})::text` })
        .from(tb)
        .where(and(eq(tb.client_id, ctx.clientId), sql`${tb[display]} is not null`))
        .limit(1)) as Array<{ v: string }>;
      return row?.v ?? null;
    }
    case 'json':
      return '{}';
    default:
      return null;
  }
}

/** Writes the template of `def` to `path`. */
export async function writeTemplate(tx: Tx, def: EntityDef, ctx: TemplateContext, path: string): Promise<string> {
  const { lang } = ctx;
  const fields = importFields(def);
  const options = await optionLists(tx, ctx.registry, ctx.clientId, def, fields, lang);
  const wb: Writer = openWriter(path);
  const data = addSheet(
    wb,
    t(lang, 'transfer.sheet.data'),
    fields.map((f) => ({ header: headerLabel(f, lang, requiredColumn(def, f)), ...columnFormat(f) })),
  );

  // Drop-downs: select and yes/no columns list the labels of the Options sheet (other text is
  // still accepted: values and labels in the other language import too).
  const optionFields = fields.filter((f) => (f.type === 'select' || f.type === 'boolean') && (options.get(f.name)?.length ?? 0) > 0);
  const optionsSheetName = t(lang, 'transfer.sheet.options');
  const lastRow = ctx.maxRows + 1;
  optionFields.forEach((f, i) => {
    const col = columnLetter(fields.indexOf(f) + 1);
    const listCol = columnLetter(i * 2 + 2);
    const count = options.get(f.name)!.length;
    (data as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(`${col}2:${col}${lastRow}`, {
      type: 'list',
      allowBlank: true,
      showErrorMessage: false,
      formulae: [`'${optionsSheetName}'!$${listCol}$2:$${listCol}$${count + 1}`],
    });
  });
  data.commit();

  const info = addSheet(wb, t(lang, 'transfer.sheet.fields'), [
    { header: t(lang, 'transfer.head.column'), width: 8 },
    { header: t(lang, 'transfer.head.label'), width: 24 },
    { header: t(lang, 'transfer.head.field'), width: 22 },
    { header: t(lang, 'transfer.head.type'), width: 48 },
    { header: t(lang, 'transfer.head.required'), width: 8 },
    { header: t(lang, 'transfer.head.example'), width: 24 },
  ]);
  for (const [i, f] of fields.entries()) {
    const ex = await example(tx, f, ctx, options);
    info.addRow([columnLetter(i + 1), pickLabel(f.label, lang), f.name, formatText(def, f, ctx.registry, lang), requiredColumn(def, f) ? '*' : '', ex as never].map(safeCell)).commit();
  }
  info.addRow([]).commit();
  info.addRow([t(lang, 'transfer.note', { max: ctx.maxRows })]).commit();
  info.commit();

  // Options: two columns per field (value, label); the drop-downs read the label columns.
  const opt = addSheet(
    wb,
    optionsSheetName,
    optionFields.concat(fields.filter((f) => f.type === 'multiselect' && options.has(f.name))).flatMap((f) => [
      { header: `${pickLabel(f.label, lang)} · ${t(lang, 'transfer.head.value')}`, width: 16 },
      { header: `${pickLabel(f.label, lang)} · ${t(lang, 'transfer.head.optionLabel')}`, width: 22 },
    ]),
  );
  const listed = optionFields.concat(fields.filter((f) => f.type === 'multiselect' && options.has(f.name)));
  const longest = Math.max(0, ...listed.map((f) => options.get(f.name)!.length));
  for (let r = 0; r < longest; r++) {
    opt.addRow(listed.flatMap((f) => options.get(f.name)![r] ?? [null, null]).map(safeCell)).commit();
  }
  opt.commit();

  addKeySheet(wb, fields.map((f) => f.name));
  await wb.commit();
  return `${t(lang, 'transfer.templateName', { entity: pickLabel(def.label, lang) })}.xlsx`;
}
