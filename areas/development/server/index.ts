// The development (PLM) area's server part, prefix plmapi: the engine serves the definitions of
// ../meta (with ./hooks grading charts and re-projecting T&A plans); ./tools adds the BOM cost
// roll-up, chart copy, T&A apply and the tech pack; ./exchange the sample requests and quotes
// between a brand and a supplier company. docs/development.md describes them.
import { defineArea, type Api, registerEntities } from '@seamline/server/api';
import { developmentEntities, plmMessages } from '../meta';
import { exchangeRoutes } from './exchange';
import { startLateNodeSweep } from './lateNodes';
import { developmentHooks } from './hooks';
import { seedDevelopment } from './seed';
import { registerTnaListeners, threadRoutes } from './thread';
import { toolRoutes } from './tools';

export const developmentModule = registerEntities(developmentEntities, { hooks: developmentHooks });

registerTnaListeners(); // T&A on customer orders, completed from other areas' events (issue 27)

export const developmentArea = defineArea({
  name: 'development',
  messages: plmMessages as unknown as { en: Record<string, string>; zh: Record<string, string> },
  routes: (api: Api) => {
    developmentModule.routes(api);
    toolRoutes(api);
    exchangeRoutes(api);
    threadRoutes(api);
  },
  seed: seedDevelopment,
  // Late T&A nodes alert their company once (issue 27, ./lateNodes).
  worker: startLateNodeSweep,
});
