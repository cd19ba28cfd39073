// Which registered definition a generic route shows: by (cata, opt) where the path has a cata,
// else by opt alone (/page/view/{opt}, /printpage/{opt}, /page/pick/{opt}, …).
import type { TemplateProps } from '../../router/templates';
import { entityByOpt, entityByRoute, type EntityEntry } from '../registry';

export function routeEntity({ cata, opt }: Pick<TemplateProps, 'cata' | 'opt'>): EntityEntry | undefined {
  return cata !== undefined ? entityByRoute(cata, opt) : entityByOpt(opt);
}
