// The signed-in shell: header, side menu, page title and the routed page.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Drawer, Grid, Layout, Result, Typography } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpin } from '../components/PageSpin';
import { PRODUCT_NAME, usePageTitle } from '../router/title';
import { useSessionUser } from '../session/store';
import { HeaderBar, PlatformSwitcher } from './HeaderBar';
import { SideMenu } from './SideMenu';
import { VersionNotice } from './VersionNotice';
import './shell.css';

// The live notification socket and its toasts (collaboration); loaded with the signed-in shell only.
const LiveNotifications = lazy(() => import('../collab/LiveNotifications'));

export default function ShellLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const title = usePageTitle();
  // The personal SIDER_COLLAPSED setting wins over the sider's first breakpoint check (which
  // reports 'not broken' on a wide screen) and follows a change saved on the user info page.
  const prefCollapsed = user?.settings?.SIDER_COLLAPSED === true;
  const [collapsed, setCollapsed] = useState(prefCollapsed);
  useEffect(() => setCollapsed(prefCollapsed), [prefCollapsed]);
  // Below antd's md breakpoint (768 px: phones) the side menu is a drawer over the page, closed
  // again once an entry is chosen; a sider there would take a third of the width.
  // (xs or sm must match too: where no media query answers, as in jsdom, the desktop shell stays.)
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false && (screens.xs === true || screens.sm === true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setDrawerOpen(false), [pathname]);
  // Between a sign-out and the redirect to /login nothing of the previous user may render.
  if (!user) return <PageSpin fullscreen />;
  // A membership awaiting assignment may only see that (the server refuses it everything else:
  // docs/security.md 'User types'), so no page, socket or counter is asked for.
  const awaiting = (user.user_type === 'UNASSIGNED' || user.user_type === 'INVITED') && user.is_super_admin !== true;
  return (
    <Layout className="sl-shell">
      {!awaiting && (
        <Suspense fallback={null}>
          <LiveNotifications />
        </Suspense>
      )}
      <a className="sl-skip-link" href="#sl-main">
        {t('shell.skipToContent')}
      </a>
      <Layout.Header className="sl-shell-header">
        <HeaderBar
          phone={phone}
          collapsed={phone ? !drawerOpen : collapsed}
          onToggle={() => (phone ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))}
        />
      </Layout.Header>
      {phone && (
        <Drawer
          rootClassName="sl-menu-drawer"
          placement="left"
          width={280}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={<PlatformSwitcher />}
        >
          <SideMenu collapsed={false} />
        </Drawer>
      )}
      <Layout hasSider={!phone}>
        {!phone && (
          <Layout.Sider
            className="sl-shell-sider"
            theme="light"
            width={236}
            collapsedWidth={64}
            collapsed={collapsed}
            trigger={null}
            breakpoint="lg"
            onBreakpoint={(broken) => setCollapsed(broken || prefCollapsed)}
          >
            <SideMenu collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout.Content id="sl-main" className="sl-shell-content" tabIndex={-1}>
          <VersionNotice />
          {/* Without a route or menu title the heading would only repeat the product name. */}
          <Typography.Title
            level={4}
            className={title === PRODUCT_NAME ? 'sl-visually-hidden' : 'sl-page-title'}
            data-testid="page-title"
          >
            {title}
          </Typography.Title>
          {awaiting ? (
            <div data-testid="awaiting-assignment">
              <Result status="info" title={t('shell.awaitingAssignment')} />
            </div>
          ) : (
            <Suspense fallback={<PageSpin />}>
              <Outlet />
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
