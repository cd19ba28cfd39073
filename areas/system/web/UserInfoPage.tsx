// /page/userinfo: the signed-in user's own details, profile and password (access area's cards)
// and personal preferences, saved with POST save-setting (CFG-21) and read back from user-state.
import { Avatar, Card, Col, Descriptions, Form, Radio, Row, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusColor } from '@seamline/core';
import { PasswordCard, ProfileCard, avatarSrc } from '../../access/web/ProfileCards';
import { ThirdPartyCard } from '../../access/web/ThirdPartyBinding';
import { toastSuccess, CurrencySelect, SpecForm, START_PAGES, saveSettings, useDisplayName, useSessionUser } from '@seamline/web/engine';

type Preferences = {
  START_PAGE: string;
  SIDER_COLLAPSED: boolean;
  CURRENCY?: string;
};

function Details() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const name = useDisplayName();
  if (!user) return null;
  const dash = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));
  const userType = user.user_type ? (
    <Tag color={statusColor(user.user_type)}>
      {i18n.exists(`userType.${user.user_type}`) ? t(`userType.${user.user_type}`) : user.user_type}
    </Tag>
  ) : (
    '—'
  );
  return (
    <Card data-testid="userinfo">
      <Space align="center" size={16} style={{ marginBottom: 16 }}>
        <Avatar size={64} src={avatarSrc(user.avatar)} alt="" />
        <div>
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="userinfo-fullname">
            {name}
          </Typography.Title>
          <Typography.Text type="secondary">{dash(user.client_name)}</Typography.Text>
        </div>
      </Space>
      <Descriptions column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} bordered size="small">
        <Descriptions.Item label={t('userinfo.username')}>
          <span data-testid="userinfo-username">{dash(user.username)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('userinfo.fullname')}>{dash(name)}</Descriptions.Item>
        <Descriptions.Item label={t('userinfo.email')}>{dash(user.email)}</Descriptions.Item>
        <Descriptions.Item label={t('userinfo.company')}>{dash(user.client_name)}</Descriptions.Item>
        <Descriptions.Item label={t('userinfo.userType')}>{userType}</Descriptions.Item>
        <Descriptions.Item label={t('userinfo.roles')}>
          {user.dashroles?.length ? user.dashroles.map((r) => <Tag key={r}>{r}</Tag>) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('userinfo.language')}>
          {user.language === 'en' ? 'English' : user.language ? '中文' : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('userinfo.platform')}>{dash(user.platform_name ?? user.platform_id)}</Descriptions.Item>
        <Descriptions.Item label={t('userinfo.licenseType')}>{dash(user.license_type)}</Descriptions.Item>
        <Descriptions.Item label={t('userinfo.contact')}>
          {[user.contact_phone, user.contact_mobile].filter(Boolean).join(' / ') || '—'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function PreferencesCard() {
  const { t } = useTranslation();
  const settings = useSessionUser()?.settings ?? {};
  const initial: Preferences = {
    START_PAGE: START_PAGES.find((p) => p === settings.START_PAGE) ?? START_PAGES[0],
    SIDER_COLLAPSED: settings.SIDER_COLLAPSED === true,
    CURRENCY: typeof settings.CURRENCY === 'string' ? settings.CURRENCY : undefined,
  };
  return (
    <Card title={t('userinfo.preferences')} data-testid="preferences">
      <SpecForm<Preferences>
        initialValues={initial}
        onSubmit={async (values) => {
          await saveSettings(values);
          toastSuccess(t('common.saveSuccess'));
        }}
      >
        <Form.Item name="START_PAGE" label={t('userinfo.startPage')}>
          <Radio.Group
            options={[
              { value: '/workspace/home', label: t('route.workspaceHome') },
              { value: '/mydash', label: t('route.mydash') },
            ]}
          />
        </Form.Item>
        <Form.Item name="SIDER_COLLAPSED" label={t('userinfo.siderCollapsed')} valuePropName="checked">
          <Switch data-testid="pref-sider" />
        </Form.Item>
        <Form.Item name="CURRENCY" label={t('userinfo.currency')}>
          <CurrencySelect allowClear data-testid="pref-currency" placeholder={t('userinfo.currencyPlaceholder')} />
        </Form.Item>
        <SpecForm.Submit data-testid="pref-save">{t('common.save')}</SpecForm.Submit>
      </SpecForm>
    </Card>
  );
}

export default function UserInfoPage() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Details />
      </Col>
      <Col xs={24} xl={9}>
        <PreferencesCard />
      </Col>
      <Col xs={24} xl={15}>
        <ProfileCard />
      </Col>
      <Col xs={24} xl={9}>
        <PasswordCard />
      </Col>
      <Col xs={24} xl={15}>
        <ThirdPartyCard />
      </Col>
    </Row>
  );
}
