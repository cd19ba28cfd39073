// The system area: users, roles, menus, settings. Today: personal settings and favourites,
// the menu catalogue and the demo data.
import { defineArea } from '@seamline/server/api';
import { systemMessages } from '../meta/messages';
import { profileRoutes } from './profile';
import { seedSystem } from './seed';
import { userRoutes } from './users';

export const systemArea = defineArea({
  name: 'system',
  messages: systemMessages,
  routes: (api) => {
    profileRoutes(api);
    userRoutes(api);
  },
  seed: seedSystem,
});
