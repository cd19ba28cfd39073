// /workspace/menuguide, the feature guide: every category the user has, what it is for, and its menus.
import { Card, Col, Empty, List, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n';
import { categoryIcon, categoryTitle } from '../../menus/categories';
import { MenuLink } from '../../menus/MenuLink';
import { useMenusByCategory } from '../../session/hooks';

export default function MenuGuide() {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const groups = useMenusByCategory();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="menu-guide">
      <Typography.Paragraph type="secondary">{t('guide.intro')}</Typography.Paragraph>
      {groups.length === 0 ? (
        <Card>
          <Empty description={t('workspace.modulesEmpty')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map(([cat, entries]) => (
            <Col key={cat} xs={24} lg={12}>
              <Card
                data-testid={`guide-${cat}`}
                title={
                  <Space>
                    {categoryIcon(cat)}
                    {categoryTitle(cat, lang)}
                  </Space>
                }
              >
                {i18n.exists(`guide.category.${cat}`) && (
                  <Typography.Paragraph type="secondary">{t(`guide.category.${cat}`)}</Typography.Paragraph>
                )}
                <List
                  size="small"
                  dataSource={entries}
                  renderItem={(entry) => (
                    <List.Item>
                      {/* The menu by its name; a route or code means nothing to a new user (issue 13). */}
                      <List.Item.Meta
                        title={<MenuLink entry={entry} />}
                        description={typeof entry.DESCRIPTION === 'string' && entry.DESCRIPTION ? entry.DESCRIPTION : undefined}
                      />
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}
