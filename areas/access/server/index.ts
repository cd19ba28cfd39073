// The access area: sign-in, sessions and the session user.
import { defineArea } from '@seamline/server/api';
import { accessMessages } from '../meta/messages';
import { accessRoutes } from './routes';

export const accessArea = defineArea({
  name: 'access',
  messages: accessMessages,
  routes: accessRoutes,
});
