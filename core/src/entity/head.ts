// The head every definition repeats: the area it belongs to, its API prefix and the route category
// of its screens are the area's; the name, table, label and route option are the entity's (the
// option is the name unless the screen's route says otherwise).
import type { EntityDef, Label } from './types';

export interface AreaHead {
  area: string;
  prefix: string;
  cata: string;
}

export function entityHead(
  { area, prefix, cata }: AreaHead,
  name: string,
  table: string,
  label: Label,
  opt: string = name,
): Pick<EntityDef, 'name' | 'area' | 'prefix' | 'table' | 'label' | 'route'> {
  return { name, area, prefix, table, label, route: { cata, opt } };
}
