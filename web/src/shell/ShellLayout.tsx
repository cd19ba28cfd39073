// The signed-in shell: header, side menu, page title and the routed page.
import { lazy, Suspense, useState } from 'react';
import { Layout, Typography } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpin } from '../components/PageSpin';
import { PRODUCT_NAME, usePageTitle } from '../router/title';
import { useSessionUser } from '../session/store';
import { HeaderBar } from './HeaderBar';
import { SideMenu } from './SideMenu';
import { VersionNotice } from './VersionNotice';

// The live notification socket and its toasts (collaboration); loaded with the signed-in shell only.
const LiveNotifications = lazy(() => import('../collab/LiveNotifications'));

export default function ShellLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const title = usePageTitle();
  const [collapsed, setCollapsed] = useState(() => user?.settings?.SIDER_COLLAPSED === true);
  // Between a sign-out and the redirect to /login nothing of the previous user may render.
  if (!user) return <PageSpin fullscreen />;
  return (
    <Layout className="sl-shell">
      <Suspense fallback={null}>
        <LiveNotifications />
      </Suspense>
      <a className="sl-skip-link" href="#sl-main">
        {t('shell.skipToContent')}
      </a>
      <Layout.Header className="sl-shell-header">
        <HeaderBar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
      </Layout.Header>
      <Layout hasSider>
        <Layout.Sider
          className="sl-shell-sider"
          theme="light"
          width={236}
          collapsedWidth={64}
          collapsed={collapsed}
          trigger={null}
          breakpoint="lg"
          onBreakpoint={(broken) => setCollapsed(broken)}
        >
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
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
          <Suspense fallback={<PageSpin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
