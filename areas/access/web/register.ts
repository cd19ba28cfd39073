// The access area's screens on the generic routes: members (join requests, invitations) for
// company administrators, the platform's own lists for the super admin, and linking third-party sign-ins.
import { registerTemplate } from '@seamline/web/engine';

registerTemplate('index', 'sys', 'join-request', () => import('./admin/JoinRequestsPage'));
registerTemplate('index', 'sys', 'invitation', () => import('./admin/InvitationsPage'));
registerTemplate('index', 'sys', 'signup-approval', () => import('./admin/SignupApprovalPage'));
registerTemplate('index', 'sys', 'licence-type', () => import('./admin/LicenceTypesPage'));
registerTemplate('index', 'sys', 'outbox', () => import('./admin/OutboxPage'));
registerTemplate('page.opt', undefined, 'qywxbinding', () => import('./ThirdPartyBinding').then((m) => ({ default: m.QywxBindingPage })));
registerTemplate('page.opt', undefined, 'thirdbinding', () => import('./ThirdPartyBinding'));
