// The system area: users, roles, menus, settings. Personal settings and favourites, the menu
// catalogue and the demo data, and administration (docs/administration.md): users, roles and
// menus, data rules, serial numbers, list layouts and the platform's UI settings.
import { defineArea } from '@seamline/server/api';
import { adminMessages } from '../meta/adminMessages';
import { systemMessages } from '../meta/messages';
import { dataRuleAdminRoutes } from './dataRuleAdmin';
import { profileRoutes } from './profile';
import { roleAdminRoutes } from './roleAdmin';
import { seedCatalogue, seedSystem } from './seed';
import { serialAdminRoutes } from './serialAdmin';
import { uiConfigRoutes } from './uiConfig';
import { userAdminRoutes } from './userAdmin';
import { userRoutes } from './users';

export const systemArea = defineArea({
  name: 'system',
  messages: { en: { ...systemMessages.en, ...adminMessages.en }, zh: { ...systemMessages.zh, ...adminMessages.zh } },
  routes: (api) => {
    profileRoutes(api);
    userRoutes(api);
    userAdminRoutes(api);
    roleAdminRoutes(api);
    dataRuleAdminRoutes(api);
    serialAdminRoutes(api);
    uiConfigRoutes(api);
  },
  seed: seedSystem,
  platformSeed: async (tx) => void (await seedCatalogue(tx)),
});
