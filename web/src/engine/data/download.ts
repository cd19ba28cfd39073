// An entity list's export (.xlsx of the current view) through the request client, as a blob: a
// refusal shows its own message and 'Download Failed!' (RPT-02) instead of navigating the tab to
// the raw JSON answer with the token in the address bar.
import type { EntityDef } from '@seamline/core';
import { downloadFile } from '../../transfer/api';
import type { ListPage, ListQuery } from './source';

/** Resolves true once the file was handed to the browser, false when the download failed (already said). */
export function downloadExport(def: Pick<EntityDef, 'prefix' | 'name'>, q: ListQuery, p: ListPage): Promise<boolean> {
  return downloadFile(`${def.prefix}/${def.name}/export`, { q: JSON.stringify(q), p: JSON.stringify(p) }, `${def.name}.xlsx`);
}
