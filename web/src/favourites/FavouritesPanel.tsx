// Workbench panel: the user's favourite menus (settings.FAV_MENUS), each removable.
import { Button, Card, Empty, List, Tag, Tooltip } from 'antd';
import { CloseOutlined, StarFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n';
import { categoryTitle } from '../menus/categories';
import { MenuLink } from '../menus/MenuLink';
import { useMenus } from '../session/hooks';
import type { MenuEntry } from '../session/types';
import { useFavourites } from './useFavourites';

export function FavouritesPanel() {
  const { t } = useTranslation();
  const lang = useLang();
  const menus = useMenus();
  const fav = useFavourites();
  // Only menus the user can still see; order is the order of favouriting.
  const entries = fav.ids
    .map((id) => menus.find((m) => m.ID === id))
    .filter((m): m is MenuEntry => !!m);
  return (
    <Card
      title={
        <span>
          <StarFilled style={{ color: '#faad14', marginInlineEnd: 8 }} />
          {t('workspace.favourites')}
        </span>
      }
      data-testid="panel-favourites"
    >
      <List
        data-testid="fav-list"
        grid={{ gutter: 12, xs: 1, sm: 2, md: 3, xl: 4 }}
        dataSource={entries}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workspace.favouritesEmpty')} /> }}
        renderItem={(entry) => (
          <List.Item data-testid={`fav-item-${entry.ID}`}>
            <div className="sl-fav-item">
              <div className="sl-fav-item-text">
                <MenuLink entry={entry} />
                <Tag bordered={false}>{categoryTitle(entry.CATEGORY, lang)}</Tag>
              </div>
              <Tooltip title={t('fav.remove')}>
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={`${t('fav.remove')}: ${entry.TITLE ?? entry.CODE}`}
                  data-testid={`fav-remove-${entry.ID}`}
                  loading={fav.pendingId === entry.ID}
                  onClick={() => fav.remove(entry.ID)}
                />
              </Tooltip>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
