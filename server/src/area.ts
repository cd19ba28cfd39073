// What a business area hands the engine. server/src/areas.ts lists them; boot registers each.
import type { Tx } from './db';
import type { Catalogues } from './i18n';
import type { Api } from './routes';

export interface Area {
  name: string;
  /** Server-side message texts (en + zh) the area's errors name. */
  messages?: Catalogues;
  routes?(api: Api): void;
  /** Demo data for an empty database. Must be idempotent; runs as system, in one transaction. */
  seed?(tx: Tx): Promise<void>;
  /**
   * What every deployment needs, demo or not (catalogues: menus, platforms, licence types). Runs
   * instead of `seed` when the demo is off (NODE_ENV=production without SEAMLINE_DEMO=1); `seed`
   * must do it too. Idempotent, as system.
   */
  platformSeed?(tx: Tx): Promise<void>;
}

export const defineArea = (area: Area): Area => area;
