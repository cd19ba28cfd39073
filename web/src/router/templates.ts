// Screens for the generic routes of spec §2 plug in here. A route names its template kind; a later
// issue registers a screen for a kind, optionally only for one cata and/or opt. Until something is
// registered the route shows the 'no such page yet' state (never the not-found page).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from './chunks';

export const TEMPLATE_KINDS = [
  'index',
  'page',
  'masterdetail',
  'ecindex',
  'ectabindex',
  'menuindex',
  'dsrptindex',
  'superdemo',
  'page.uploadView',
  'page.uploadViewAdv',
  'page.uploadImg',
  'page.ticketView',
  'page.document',
  'page.subindex',
  'page.pick',
  'page.view',
  'page.opt',
  'print.htprintview',
  'print.opt',
  'clientrpt.opt',
  'clientrpt.index',
  'clientrpt.page',
  'clientrpt.document',
  'zp.scanValidate',
  'zp.index',
  'zp.page',
  'zp.document',
  'zp.calendarview',
  'zp.qvrpt',
  'zp.visual',
  'upload.index',
  'visual.opt',
  'visual.demo',
  'superdemopage.form',
  'superdemopage.dynapage',
  'superdemopage.pick',
  'superdemopage.opt',
] as const;

export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export interface TemplateProps {
  kind: TemplateKind;
  cata?: string;
  opt?: string;
  /** /page/view and /printpage routes: show, never edit (spec §2, §6). */
  readOnly: boolean;
}

type Loader = () => Promise<{ default: ComponentType<TemplateProps> }>;

interface Entry {
  kind: TemplateKind;
  cata?: string;
  opt?: string;
  Component: LazyExoticComponent<ComponentType<TemplateProps>>;
}

const entries: Entry[] = [];

/** Registers a lazily loaded screen for a kind; cata/opt narrow it (undefined = any). Later wins on ties. */
export function registerTemplate(kind: TemplateKind, cata: string | undefined, opt: string | undefined, load: Loader): void {
  entries.push({ kind, cata, opt, Component: lazy(() => loadChunk(load)) });
}

/** The most specific registration: cata+opt, then opt, then cata, then the kind's generic screen. */
export function resolveTemplate(
  kind: TemplateKind,
  cata?: string,
  opt?: string,
): LazyExoticComponent<ComponentType<TemplateProps>> | null {
  let best: Entry | null = null;
  let bestScore = -1;
  for (const e of entries) {
    if (e.kind !== kind) continue;
    if (e.cata !== undefined && e.cata !== cata) continue;
    if (e.opt !== undefined && e.opt !== opt) continue;
    const score = (e.opt !== undefined ? 2 : 0) + (e.cata !== undefined ? 1 : 0);
    if (score >= bestScore) {
      best = e;
      bestScore = score;
    }
  }
  return best?.Component ?? null;
}

/** Test helper: forget every registration. */
export function clearTemplates(): void {
  entries.length = 0;
}
