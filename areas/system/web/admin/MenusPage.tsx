// /sys/index/menu — the company's menu tree: which platform menus are switched on and their order
// inside each category (spec §6). /collab/page/app-market (CFG-29) shows the same catalogue as
// modules the company administrator switches on or off.
import { Alert, Badge, Button, Card, Col, List, Popconfirm, Row, Space, Switch, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MENU_GUIDE_CODE } from '@seamline/core';
import { loadUserState } from '@seamline/web/engine';
import { AdminPage, get, post, useIsCompanyAdmin, type Doc } from './common';

function useMenuTree() {
  const qc = useQueryClient();
  const tree = useQuery({ queryKey: ['admin', 'menu-tree'], queryFn: () => get<Doc[]>('menus/tree') });
  const apply = (next: Doc[]) => {
    qc.setQueryData(['admin', 'menu-tree'], next);
    // The side menu comes from user-state: let it follow.
    void loadUserState({ notify: false }).catch(() => undefined);
  };
  return {
    tree,
    switchMenus: async (codes: string[], enabled: boolean) => apply(await post<Doc[]>('menus/switch', { codes, enabled })),
    order: async (codes: string[]) => apply(await post<Doc[]>('menus/order', { codes })),
  };
}

export default function MenusPage() {
  const { t } = useTranslation();
  const admin = useIsCompanyAdmin();
  const { tree, switchMenus, order } = useMenuTree();

  const move = (cat: Doc, code: string, delta: -1 | 1) => {
    const codes = cat.menus.filter((m: Doc) => m.enabled).map((m: Doc) => m.code);
    const i = codes.indexOf(code);
    const j = i + delta;
    if (i < 0 || j < 0 || j >= codes.length) return;
    [codes[i], codes[j]] = [codes[j], codes[i]];
    void order(codes);
  };

  return (
    <AdminPage title={t('admin.menus.title')} testId="admin-menus">
      <Alert type="info" showIcon message={t('admin.menus.hint')} style={{ marginBottom: 12 }} />
      <Row gutter={[12, 12]}>
        {(tree.data ?? []).map((cat) => {
          const enabled = cat.menus.filter((m: Doc) => m.enabled);
          return (
            <Col xs={24} lg={12} key={cat.code}>
              <Card size="small" title={cat.title} data-testid={`menu-cat-${cat.code}`}>
                <List
                  size="small"
                  dataSource={cat.menus as Doc[]}
                  renderItem={(m) => {
                    const pos = enabled.indexOf(m);
                    return (
                      <List.Item
                        data-testid={`menu-${m.code}`}
                        actions={[
                          // Up and down among the switched-on menus of the category.
                          ...([-1, 1] as const).map((step) => (
                            <Button
                              key={step}
                              size="small"
                              type="text"
                              icon={step < 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
                              aria-label={t(step < 0 ? 'admin.menus.up' : 'admin.menus.down', { name: m.title })}
                              disabled={!admin || !m.enabled || (step < 0 ? pos <= 0 : pos < 0 || pos === enabled.length - 1)}
                              onClick={() => move(cat, m.code, step)}
                            />
                          )),
                          <Switch
                            key="on"
                            size="small"
                            checked={m.enabled}
                            disabled={!admin}
                            checkedChildren={t('admin.menus.on')}
                            unCheckedChildren={t('admin.menus.off')}
                            aria-label={m.title}
                            onChange={(on) => void switchMenus([m.code], on)}
                            data-testid={`menu-switch-${m.code}`}
                          />,
                        ]}
                      >
                        <Space size={6} wrap>
                          <Typography.Text type={m.enabled ? undefined : 'secondary'}>{m.title}</Typography.Text>
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {m.url}
                          </Typography.Text>
                          {m.code === MENU_GUIDE_CODE && <Tag color="blue">{t('admin.menus.guide')}</Tag>}
                        </Space>
                      </List.Item>
                    );
                  }}
                />
              </Card>
            </Col>
          );
        })}
      </Row>
    </AdminPage>
  );
}

/** The app market: one card per module with what it brings; administrators switch it on or off. */
export function AppMarketPage() {
  const { t } = useTranslation();
  const admin = useIsCompanyAdmin();
  const { tree, switchMenus } = useMenuTree();
  return (
    <AdminPage title={t('admin.market.title')} testId="app-market">
      <Alert type="info" showIcon message={t('admin.market.hint')} style={{ marginBottom: 12 }} />
      <Row gutter={[12, 12]}>
        {(tree.data ?? []).map((cat) => {
          const on = cat.menus.filter((m: Doc) => m.enabled).length;
          const all = cat.menus.length;
          const codes = cat.menus.map((m: Doc) => m.code);
          return (
            <Col xs={24} md={12} xl={8} key={cat.code}>
              <Card
                size="small"
                data-testid={`market-${cat.code}`}
                title={
                  <Space>
                    {cat.title}
                    <Badge status={on === all ? 'success' : on ? 'processing' : 'default'} text={t('admin.market.enabled', { on, all })} />
                  </Space>
                }
                extra={
                  admin && (
                    <Space size={4}>
                      {on < all && (
                        <Button size="small" type="primary" onClick={() => void switchMenus(codes, true)} data-testid={`market-add-${cat.code}`}>
                          {t('admin.market.add')}
                        </Button>
                      )}
                      {on > 0 && (
                        <Popconfirm title={t('admin.market.removeConfirm', { name: cat.title })} onConfirm={() => switchMenus(codes, false)}>
                          <Button size="small" danger data-testid={`market-remove-${cat.code}`}>
                            {t('admin.market.remove')}
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  )
                }
              >
                <Space size={[4, 6]} wrap>
                  {cat.menus.map((m: Doc) => (
                    <Tag
                      key={m.code}
                      color={m.enabled ? 'green' : undefined}
                      role={admin ? 'switch' : undefined}
                      aria-checked={admin ? m.enabled : undefined}
                      tabIndex={admin ? 0 : undefined}
                      style={{ cursor: admin ? 'pointer' : undefined }}
                      onClick={admin ? () => void switchMenus([m.code], !m.enabled) : undefined}
                      onKeyDown={admin ? (e) => (e.key === 'Enter' || e.key === ' ') && void switchMenus([m.code], !m.enabled) : undefined}
                      data-testid={`market-menu-${m.code}`}
                    >
                      {m.title}
                    </Tag>
                  ))}
                </Space>
              </Card>
            </Col>
          );
        })}
      </Row>
    </AdminPage>
  );
}
