// The sourcing area's server part (prefix srmapi): the engine serves the definitions of ../meta
// (project, access-evaluation config, admission and supplier evaluation) with the hooks of
// ./hooks; ./sourcing serves the work between brand and supplier (stages, invitations, RFI,
// quotations, comparison and award). docs/sourcing.md describes both.
import { defineArea, type Api, registerEntities } from '@seamline/server/api';
import { srmEntities } from '../meta';
import { srmMessages } from '../meta/messages';
import { srmHooks } from './hooks';
import { scoringRoutes } from './scoring';
import { seedSourcing } from './seed';
import { sourcingRoutes } from './sourcing';

export const srmModule = registerEntities(srmEntities, { hooks: srmHooks });

export const srmArea = defineArea({
  name: 'srm',
  messages: srmMessages,
  routes: (api: Api) => {
    srmModule.routes(api);
    sourcingRoutes(api);
    scoringRoutes(api);
  },
  seed: seedSourcing,
});
