// The signed-in header: brand, menu toggle, platform and company, unread, language, user menu.
import { Badge, Button, Dropdown, Tooltip, Typography, type MenuProps } from 'antd';
import {
  BankOutlined,
  BellOutlined,
  DownOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from './Brand';
import { UserAvatar } from './UserAvatar';
import { LanguageSwitch } from './LanguageSwitch';
import { i18n, setLang } from '../i18n';
import { carryPickedLanguage, storeLanguage } from './storeLanguage';
import { loadUserState, signOut, switchCompany, switchPlatform } from '../session/actions';
import { useDisplayName } from '../session/hooks';
import { useSessionUser } from '../session/store';
import { toastSuccess } from '../api';

const NAME_STYLE = {
  display: 'inline-block', maxWidth: 'min(40vw, 260px)', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom',
} as const;

/** The platform's name, and a switch where the server offers more than one (platform_list). */
export function PlatformSwitcher() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const list = user?.platform_list ?? [];
  const name = user?.platform_name || user?.platform_id || '';
  if (list.length <= 1) return name ? <Typography.Text type="secondary" data-testid="platform-name">{name}</Typography.Text> : null;
  const items: MenuProps['items'] = list.map((p) => ({
    key: p.platform_id,
    label: <span data-testid={`platform-${p.platform_id}`}>{p.platform_name || p.platform_id}</span>,
  }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: user?.platform_id ? [user.platform_id] : [],
        onClick: ({ key }) => {
          // The server answers the platform's menus in user-state: reloading it moves the side
          // menu, workbench cards and menu index to the new platform without a page reload.
          if (key !== user?.platform_id)
            void switchPlatform(key)
              .then(() => loadUserState({ notify: false }))
              .then(() => toastSuccess(t('shell.platformSwitched')), () => undefined);
        },
      }}
    >
      <Button type="text" icon={<SwapOutlined />} data-testid="platform-switch" aria-label={t('shell.switchPlatform')}>
        {/* Cut with an ellipsis where narrow (the phone's menu drawer), readable in title=. */}
        <span data-testid="platform-name" title={name} style={NAME_STYLE}>
          {name}
        </span>{' '}
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}

function CompanySwitcher() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const companies = user?.companies ?? [];
  const name = user?.client_name ?? '';
  // The name is cut with an ellipsis where the header is narrow (title= keeps it readable).
  const label = (
    <span className="sl-company-name" data-testid="company-name" title={name}>
      {name}
    </span>
  );
  if (companies.length <= 1)
    return name ? (
      <span className="sl-company sl-company-static">
        <BankOutlined />
        {label}
      </span>
    ) : null;
  return (
    <span className="sl-company">
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: user?.clientid ? [user.clientid] : [],
          items: companies.map((c) => ({ key: c.clientid, label: c.client_name || c.clientid })),
          onClick: ({ key }) => {
            if (key !== user?.clientid) void switchCompany(key).catch(() => undefined);
          },
        }}
      >
        <Button type="text" icon={<BankOutlined />} data-testid="company-switch" aria-label={t('shell.switchCompany')}>
          {label} <DownOutlined />
        </Button>
      </Dropdown>
    </span>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const name = useDisplayName();
  const items: MenuProps['items'] = [
    { key: 'userinfo', icon: <UserOutlined />, label: <span data-testid="menu-userinfo">{t('route.userInfo')}</span> },
    { type: 'divider' },
    { key: 'signout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="signout">{t('shell.signOut')}</span> },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'userinfo') navigate('/page/userinfo');
          if (key === 'signout') void signOut();
        },
      }}
    >
      <Button type="text" className="sl-user-button" data-testid="user-menu" aria-label={t('shell.userMenu')}>
        <UserAvatar size={28} avatar={user?.avatar} alt="" />
        <span className="sl-user-name" data-testid="user-name">
          {name}
        </span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/**
 * `phone`: the side menu is a drawer (the toggle opens it) and the platform name is shown there,
 * so the header keeps only what fits 390 px.
 */
export function HeaderBar({ collapsed, onToggle, phone = false }: { collapsed: boolean; onToggle: () => void; phone?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  // A language picked on the login page holds after sign-in (and becomes the stored one).
  useEffect(() => {
    void carryPickedLanguage(i18n.language === 'en' ? 'en' : 'zh', setLang, () => loadUserState({ notify: false }));
  }, []);
  return (
    <div className="sl-header">
      <div className="sl-header-start">
        <Button
          type="text"
          onClick={onToggle}
          icon={phone ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={t(collapsed ? 'shell.expandMenu' : 'shell.collapseMenu')}
          aria-expanded={!collapsed}
          data-testid="menu-toggle"
        />
        <Brand />
        {!phone && <PlatformSwitcher />}
      </div>
      <div className="sl-header-end">
        <CompanySwitcher />
        <Tooltip title={t('route.mailIndex')}>
          <Button
            type="text"
            aria-label={t('shell.unread', { count: user?.unread_total ?? 0 })}
            onClick={() => navigate('/workspace/mailindex')}
            data-testid="header-bell"
            icon={
              <Badge size="small" count={user?.unread_total ?? 0}>
                <BellOutlined style={{ fontSize: 16 }} />
              </Badge>
            }
          />
        </Tooltip>
        {/* Stored as the user's language (server messages follow), then server texts (menu titles) are re-read quietly. */}
        <LanguageSwitch
          onChange={(lang) =>
            void storeLanguage(lang)
              .catch(() => undefined)
              .then(() => loadUserState({ notify: false }))
              .catch(() => undefined)
          }
        />
        <UserMenu />
      </div>
    </div>
  );
}
