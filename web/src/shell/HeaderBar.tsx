// The signed-in header: brand, menu toggle, platform and company, unread, language, user menu.
import { Avatar, Badge, Button, Dropdown, Space, Tooltip, Typography, type MenuProps } from 'antd';
import {
  BankOutlined,
  BellOutlined,
  DownOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { avatarUrl } from '@seamline/core';
import { Brand } from './Brand';
import { LanguageSwitch } from './LanguageSwitch';
import { loadUserState, signOut, switchCompany, switchPlatform } from '../session/actions';
import { useDisplayName } from '../session/hooks';
import { useSessionUser } from '../session/store';
import { toastSuccess } from '../api';

function PlatformSwitcher() {
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
          if (key !== user?.platform_id)
            void switchPlatform(key).then(() => toastSuccess(t('shell.platformSwitched')), () => undefined);
        },
      }}
    >
      <Button type="text" icon={<SwapOutlined />} data-testid="platform-switch" aria-label={t('shell.switchPlatform')}>
        <span data-testid="platform-name">{name}</span> <DownOutlined />
      </Button>
    </Dropdown>
  );
}

function CompanySwitcher() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const companies = user?.companies ?? [];
  const name = user?.client_name ?? '';
  if (companies.length <= 1)
    return name ? (
      <Typography.Text strong data-testid="company-name">
        <BankOutlined /> {name}
      </Typography.Text>
    ) : null;
  return (
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
        <span data-testid="company-name">{name}</span> <DownOutlined />
      </Button>
    </Dropdown>
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
        <Avatar size={28} src={avatarUrl(user?.avatar)} alt="" />
        <span className="sl-user-name" data-testid="user-name">
          {name}
        </span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}

export function HeaderBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  return (
    <div className="sl-header">
      <Space size={12} align="center">
        <Button
          type="text"
          onClick={onToggle}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={t(collapsed ? 'shell.expandMenu' : 'shell.collapseMenu')}
          aria-expanded={!collapsed}
        />
        <Brand />
        <PlatformSwitcher />
      </Space>
      <Space size={12} align="center" wrap={false}>
        <CompanySwitcher />
        <Tooltip title={t('route.mailIndex')}>
          <Button
            type="text"
            aria-label={t('shell.unread', { count: user?.unread_total ?? 0 })}
            onClick={() => navigate('/workspace/mailindex')}
            icon={
              <Badge size="small" count={user?.unread_total ?? 0}>
                <BellOutlined style={{ fontSize: 16 }} />
              </Badge>
            }
          />
        </Tooltip>
        {/* Server texts (menu titles) may follow the new language: re-read the profile quietly. */}
        <LanguageSwitch onChange={() => void loadUserState({ notify: false }).catch(() => undefined)} />
        <UserMenu />
      </Space>
    </div>
  );
}
