// The access area: sign-in, sessions, the session user, and the account lifecycle (sign-up,
// invitations, password reset and change, profile, licence types, the mail outbox).
import { defineArea } from '@seamline/server/api';
import { accessMessages } from '../meta/messages';
import { invitationRoutes } from './invitations';
import { passwordRoutes } from './passwords';
import { platformAdminRoutes, seedLicenceTypes } from './platformAdmin';
import { profileRoutes } from './profile';
import { accessRoutes } from './routes';
import { signupRoutes } from './signup';
import { thirdPartyRoutes } from './thirdParty';
import { tempTokenRoutes } from './thirdPartyTempToken';

export { endCompanySessions, endUserSessions } from './sessions';

export const accessArea = defineArea({
  name: 'access',
  messages: accessMessages,
  routes: (api) => {
    accessRoutes(api);
    passwordRoutes(api);
    signupRoutes(api);
    invitationRoutes(api);
    profileRoutes(api);
    platformAdminRoutes(api);
    thirdPartyRoutes(api);
    tempTokenRoutes(api);
  },
  seed: seedLicenceTypes,
  platformSeed: seedLicenceTypes,
});
