// THE route table: every route of spec §2. Pages are lazily loaded (route-level code splitting),
// so /login ships only the sign-in screen (a chunk that fails to load is tried once more, then the error
// element offers a reload: chunks.ts); every other route sits under AntdLayout, which brings
// antd with the first such page (issue 12). Signed-in routes sit under a guard (requireSession).
import { Navigate, type RouteObject } from 'react-router';
import { BootSpin } from '../components/BootSpin';
import { lazyPage as page, loadChunk } from './chunks';
import { alwaysRevalidate, redirectIfSignedIn, requireSession } from './guard';
import { RootLayout } from './RootLayout';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import type { TemplateKind } from './templates';
import type { RouteHandle } from './title';
// The route table is one of the web's two composition roots (docs/architecture.md 'Doors'): the
// public pages below come from the access and system areas, and so do their texts, which /login
// needs before any other area code loads. (The other is defaultTemplates.ts, every area's register.ts.)
import '../../../areas/access/web/texts';
import '../../../areas/system/web/texts';

/** A generic route: the registered screen for its template kind, or the 'no such page yet' state. */
const template = (kind: TemplateKind, readOnly = false) => async () => {
  const { TemplateRoute } = await loadChunk(() => import('./TemplateRoute'));
  return { element: <TemplateRoute kind={kind} readOnly={readOnly} /> };
};

const title = (key: string): RouteHandle => ({ title: key });

// The error screen (antd) is rarely needed and stays out of the entry bundle; its boundary, which says
// 'a new version is available' when a chunk would not load, is in it.
const routeError = <RouteErrorBoundary />;

const login = page(() => import('../../../areas/access/web/LoginPage'));

// /login and its children: one sign-in page; the variant tells it which entry was used.
const LOGIN_ROUTES: [string, string][] = [
  ['login', 'default'],
  ['login/inner', 'inner'],
  ['login/ddwelcome/:client', 'dingtalk'],
  ['login/qywxwelcome', 'wecom'],
  ['login/third/:type', 'third'],
];

const shellRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../pages/HomeRedirect')) },
  { path: 'index', lazy: page(() => import('../pages/HomeRedirect')) },
  { path: 'mydash', lazy: page(() => import('../pages/MyDash')), handle: title('route.mydash') },
  { path: 'mydash/index', lazy: page(() => import('../pages/MyDash')), handle: title('route.mydash') },
  { path: 'superdemo', lazy: template('superdemo'), handle: title('route.superdemo') },
  { path: 'workspace/home', lazy: page(() => import('../pages/workspace/WorkspaceHome')), handle: title('route.workspaceHome') },
  { path: 'workspace/menuguide', lazy: page(() => import('../pages/workspace/MenuGuide')), handle: title('route.menuGuide') },
  { path: 'workspace/mailindex', lazy: page(() => import('../pages/workspace/MailIndex')), handle: title('route.mailIndex') },
  // Collaboration's own screens behind their menus (the menu's title names the page).
  { path: 'collab/index/task', lazy: page(() => import('../pages/workspace/TasksPage')) },
  { path: 'collab/index/announcement', lazy: page(() => import('../pages/workspace/AnnouncementsPage')) },

  // Menu-driven generic templates: the title comes from the matching menu entry.
  { path: ':cata/index/:opt', lazy: template('index') },
  { path: ':cata/page/:opt', lazy: template('page') },
  { path: ':cata/masterdetail/:opt', lazy: template('masterdetail') },
  { path: ':cata/ecindex/:opt', lazy: template('ecindex') },
  { path: ':cata/ectabindex/:opt', lazy: template('ectabindex') },
  { path: ':cata/menuindex/:opt', lazy: template('menuindex') },
  { path: ':cata/dsrptindex/:opt', lazy: template('dsrptindex') },

  { path: 'page/userinfo', lazy: page(() => import('../../../areas/system/web/UserInfoPage')), handle: title('route.userInfo') },
  { path: 'page/upload/view', lazy: template('page.uploadView'), handle: title('route.uploadView') },
  { path: 'page/upload/viewadv', lazy: template('page.uploadViewAdv'), handle: title('route.uploadViewAdv') },
  { path: 'page/uploadimg/:opt', lazy: template('page.uploadImg'), handle: title('route.uploadImg') },
  { path: 'page/ticket/view', lazy: template('page.ticketView'), handle: title('route.ticketView') },
  { path: 'page/document/:opt', lazy: template('page.document') },
  { path: 'page/subindex/:opt', lazy: template('page.subindex') },
  { path: 'page/pick/:opt', lazy: template('page.pick') },
  { path: 'page/view/:opt', lazy: template('page.view', true) },
  { path: 'page/:opt', lazy: template('page.opt') },

  { path: 'clientrpt/:opt', lazy: template('clientrpt.opt') },
  { path: 'clientrpt/index/:opt', lazy: template('clientrpt.index') },
  { path: 'clientrpt/page/:opt', lazy: template('clientrpt.page') },
  { path: 'clientrpt/document/:opt', lazy: template('clientrpt.document') },

  { path: 'zp/prodmgm/index/vfscanvalidate', lazy: template('zp.scanValidate'), handle: title('route.scanValidate') },
  { path: 'zp/:cata/index/:opt', lazy: template('zp.index') },
  { path: 'zp/:cata/page/:opt', lazy: template('zp.page') },
  { path: 'zp/:cata/document/:opt', lazy: template('zp.document') },
  { path: 'zp/:cata/calendarview/:opt', lazy: template('zp.calendarview') },
  { path: 'zp/:cata/qvrpt/:opt', lazy: template('zp.qvrpt') },
  { path: 'zp/visual/:opt', lazy: template('zp.visual') },

  { path: 'upload/index', lazy: template('upload.index'), handle: title('route.uploadIndex') },
  { path: 'visual/:opt', lazy: template('visual.opt') },
  { path: 'visual/demo/:opt', lazy: template('visual.demo') },

  { path: 'superdemopage/form', lazy: template('superdemopage.form'), handle: title('route.superdemo') },
  { path: 'superdemopage/dynapage', lazy: template('superdemopage.dynapage'), handle: title('route.superdemo') },
  { path: 'superdemopage/pick/:opt', lazy: template('superdemopage.pick'), handle: title('route.superdemo') },
  { path: 'superdemopage/:opt', lazy: template('superdemopage.opt'), handle: title('route.superdemo') },
];

// Print pages are read-only and render without the shell chrome.
const printRoutes: RouteObject[] = [
  { path: 'printpage/htprintview', lazy: template('print.htprintview', true), handle: title('route.printView') },
  { path: 'printpage/:opt', lazy: template('print.opt', true), handle: title('route.printView') },
];

// Everything but sign-in: antd screens, under AntdLayout.
const appRoutes: RouteObject[] = [
  { path: 'signup', lazy: page(() => import('../../../areas/access/web/SignupPage')), handle: title('route.signup') },
  { path: 'signup/invite', lazy: page(() => import('../../../areas/access/web/AcceptInvitationPage')), handle: title('route.acceptInvitation') },
  {
    path: 'forgotpwd',
    lazy: page(() => import('../../../areas/access/web/ForgotPasswordLayout')),
    children: [
      { index: true, element: <Navigate to="fillemail" replace /> },
      { path: 'fillemail', lazy: page(() => import('../../../areas/access/web/FillEmailPage')), handle: title('route.fillEmail') },
      { path: 'newpwd', lazy: page(() => import('../../../areas/access/web/NewPasswordPage')), handle: title('route.newPassword') },
      { path: 'deadline', lazy: page(() => import('../../../areas/access/web/LinkExpiredPage')), handle: title('route.linkExpired') },
    ],
  },
  { path: 'discovery/index', lazy: page(() => import('../../../areas/discovery/web/DiscoveryRoute')), handle: title('route.discovery') },
  { path: 'newdiscovery/index', lazy: page(() => import('../../../areas/discovery/web/DiscoveryRoute')), handle: title('route.discovery') },

  // Signed-in
  {
    id: 'shell',
    loader: requireSession,
    shouldRevalidate: alwaysRevalidate,
    lazy: page(() => import('../shell/ShellLayout')),
    errorElement: routeError,
    children: shellRoutes,
  },
  {
    id: 'print',
    loader: requireSession,
    shouldRevalidate: alwaysRevalidate,
    lazy: page(() => import('../shell/PrintLayout')),
    errorElement: routeError,
    children: printRoutes,
  },

  { path: '*', lazy: page(() => import('../pages/NotFound')), handle: title('route.notFound') },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    HydrateFallback: () => <BootSpin fullscreen />,
    errorElement: routeError,
    children: [
      // Public (spec §2)
      ...LOGIN_ROUTES.map(([path, loginVariant]) => ({ path, lazy: login, loader: redirectIfSignedIn, handle: { title: 'route.login', loginVariant } })),
      { id: 'app', lazy: page(() => import('./AntdLayout')), children: appRoutes },
    ],
  },
];
