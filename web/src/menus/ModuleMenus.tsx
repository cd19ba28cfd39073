// Workbench panel: module menus grouped by category (spec §1), each entry a link with a star.
import { Card, Col, Empty, Row, Space } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n';
import { FavouriteStar } from '../favourites/FavouriteStar';
import { useFavourites } from '../favourites/useFavourites';
import { useMenusByCategory } from '../session/hooks';
import { categoryIcon, categoryTitle } from './categories';
import { MenuLink } from './MenuLink';

export function ModuleMenus() {
  const { t } = useTranslation();
  const lang = useLang();
  const groups = useMenusByCategory();
  const fav = useFavourites();
  return (
    <Card
      title={
        <span>
          <AppstoreOutlined style={{ marginInlineEnd: 8 }} />
          {t('workspace.modules')}
        </span>
      }
      data-testid="module-menus"
    >
      {groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workspace.modulesEmpty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map(([cat, entries]) => (
            <Col key={cat} xs={24} sm={12} lg={8} xxl={6}>
              <Card
                size="small"
                type="inner"
                data-testid={`module-${cat}`}
                title={
                  <Space>
                    {categoryIcon(cat)}
                    {categoryTitle(cat, lang)}
                  </Space>
                }
              >
                <ul className="sl-module-list">
                  {entries.map((entry) => (
                    <li key={entry.ID} data-testid={`module-entry-${entry.ID}`}>
                      <MenuLink entry={entry} />
                      <FavouriteStar
                        testId={`fav-star-${entry.ID}`}
                        on={fav.isFavourite(entry.ID)}
                        loading={fav.pendingId === entry.ID}
                        onToggle={() => fav.toggle(entry.ID)}
                      />
                    </li>
                  ))}
                </ul>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
