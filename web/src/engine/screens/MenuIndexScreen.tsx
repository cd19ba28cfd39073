// {cata}/menuindex/{opt}: the landing page of a menu category (opt = the category code, e.g.
// SRM): a card per menu of that category from the session, each a link with its favourite star.
import { Card, Col, Empty, Row, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FavouriteStar } from '../../favourites/FavouriteStar';
import { useFavourites } from '../../favourites/useFavourites';
import { useLang } from '../../i18n';
import { categoryIcon, categoryTitle } from '../../menus/categories';
import { menuTitle } from '../../menus/MenuLink';
import type { TemplateProps } from '../../router/templates';
import { useMenusByCategory } from '../../session/hooks';
import { menuPath } from '../../session/selectors';

export default function MenuIndexScreen({ opt }: TemplateProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const fav = useFavourites();
  const code = (opt ?? '').toUpperCase();
  const entries = useMenusByCategory().find(([cat]) => cat.toUpperCase() === code)?.[1] ?? [];
  return (
    <div data-testid="menuindex-screen">
      <Space style={{ marginBottom: 16 }}>
        {categoryIcon(code)}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {categoryTitle(code, lang)}
        </Typography.Title>
      </Space>
      {entries.length === 0 ? (
        <Card>
          <Empty description={t('engine.menuindex.empty')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {entries.map((entry) => {
            const path = menuPath(entry);
            return (
              <Col key={entry.ID} xs={24} sm={12} lg={8} xxl={6}>
                <Card
                  size="small"
                  hoverable={!!path}
                  data-testid={`menu-card-${entry.ID}`}
                  tabIndex={path ? 0 : undefined}
                  role={path ? 'link' : undefined}
                  onClick={() => path && navigate(path)}
                  onKeyDown={(e) => {
                    if (path && e.key === 'Enter' && e.target === e.currentTarget) navigate(path);
                  }}
                  title={menuTitle(entry)}
                  extra={
                    <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                      <FavouriteStar testId={`menu-card-fav-${entry.ID}`} on={fav.isFavourite(entry.ID)} loading={fav.pendingId === entry.ID} onToggle={() => fav.toggle(entry.ID)} />
                    </span>
                  }
                >
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0, minHeight: 44 }}>
                    {typeof entry.DESCRIPTION === 'string' && entry.DESCRIPTION ? entry.DESCRIPTION : path}
                  </Typography.Paragraph>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </div>
  );
}
