// The generic routes of one entity (spec §2), in one place so screens link to each other the same way.
import type { EntityEntry } from './registry';

const q = (params: Record<string, string | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') s.set(k, v);
  const text = s.toString();
  return text ? `?${text}` : '';
};

export function entityPaths({ cata, opt, def }: Pick<EntityEntry, 'cata' | 'opt' | 'def'>) {
  const enc = encodeURIComponent;
  return {
    index: `/${enc(cata)}/index/${enc(opt)}`,
    masterdetail: (id?: string) => `/${enc(cata)}/masterdetail/${enc(opt)}${q({ id })}`,
    create: `/${enc(cata)}/page/${enc(opt)}`,
    edit: (id: string) => `/${enc(cata)}/page/${enc(opt)}${q({ id })}`,
    view: (id: string) => `/page/view/${enc(opt)}${q({ id })}`,
    print: (id: string) => `/printpage/${enc(opt)}${q({ id })}`,
    pick: `/page/pick/${enc(opt)}`,
    subindex: (id: string, child: string) => `/page/subindex/${enc(opt)}${q({ parent: def.name, id, child })}`,
    /** The business import centre, preset to this entity. */
    importCentre: `/page/upload/view${q({ entity: def.name })}`,
  };
}
