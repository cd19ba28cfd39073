// The administration screens on the routes the menu catalogue gives them (spec §2; CFG-29).
// Loaded with the lazy template chunk; each screen is its own chunk.
import { registerTemplate } from '@seamline/web/engine';

registerTemplate('index', 'sys', 'user', () => import('./admin/UsersPage'));
registerTemplate('index', 'sys', 'role', () => import('./admin/RolesPage'));
registerTemplate('index', 'sys', 'menu', () => import('./admin/MenusPage'));
registerTemplate('masterdetail', 'sys', 'data-auth', () => import('./admin/DataAuthPage'));
registerTemplate('index', 'sys', 'serial-number', () => import('./admin/SerialNumbersPage'));
registerTemplate('page', 'sys', 'ui-config', () => import('./admin/SystemUiPage'));
registerTemplate('page', 'collab', 'app-market', () => import('./admin/MenusPage').then((m) => ({ default: m.AppMarketPage })));
// The API reference (GET /api/openapi.json rendered for administrators; docs/openapi.md).
registerTemplate('page', 'sys', 'api-reference', () => import('./admin/ApiReferencePage'));
