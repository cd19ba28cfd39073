// /workspace/home, the personal workbench: inbox, tasks, control tower, favourites and module
// menus, in the order GET my-workspace-home-setting gives (all five when it says nothing).
import { useEffect, type ReactNode } from 'react';
import { Card, Col, Row, Space } from 'antd';
import { CheckSquareOutlined, InboxOutlined, RadarChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, useApiQuery } from '../../api';
import { ControlTower } from '../../collab/ControlTower';
import { MessageList } from '../../collab/MessageList';
import { MyTasks } from '../../collab/tasks';
import { FavouritesPanel } from '../../favourites/FavouritesPanel';
import { ModuleMenus } from '../../menus/ModuleMenus';

const ALL_PANELS = ['inbox', 'tasks', 'controlTower', 'favourites', 'modules'] as const;
type Panel = (typeof ALL_PANELS)[number];
const SMALL: readonly Panel[] = ['inbox', 'tasks', 'controlTower'];

function panelsOf(setting: { panels?: unknown } | null | undefined): Panel[] {
  const list = Array.isArray(setting?.panels) ? setting.panels.filter((p): p is Panel => ALL_PANELS.includes(p)) : [];
  return list.length ? list : [...ALL_PANELS];
}

function Panel({ id, icon, title, more, children }: { id: string; icon: ReactNode; title: string; more?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card
      data-testid={`panel-${id}`}
      title={
        <Space>
          {icon}
          {title}
        </Space>
      }
      extra={more ? <Link to={more}>{t('collab.viewAll')}</Link> : null}
      style={{ height: '100%' }}
    >
      {children}
    </Card>
  );
}

export default function WorkspaceHome() {
  const { t } = useTranslation();
  // The layout is a preference: if it cannot load, every panel shows (logged, not toasted).
  const setting = useApiQuery<{ panels?: unknown } | null>(paths.myWorkspaceHomeSetting, undefined, { notify: false });
  useEffect(() => {
    if (setting.error) console.warn('[workspace] layout setting unavailable, showing every panel', setting.error.message);
  }, [setting.error]);
  const panels = panelsOf(setting.data);
  const small: Record<string, ReactNode> = {
    inbox: (
      <Panel id="inbox" icon={<InboxOutlined />} title={t('workspace.inbox')} more="/workspace/mailindex?tab=inbox">
        <MessageList compact pageSize={5} />
      </Panel>
    ),
    tasks: (
      <Panel id="tasks" icon={<CheckSquareOutlined />} title={t('workspace.tasks')} more="/workspace/mailindex?tab=tasks">
        <MyTasks />
      </Panel>
    ),
    controlTower: (
      <Panel id="controlTower" icon={<RadarChartOutlined />} title={t('workspace.controlTower')}>
        <ControlTower />
      </Panel>
    ),
  };
  const smallShown = panels.filter((p) => SMALL.includes(p));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="workspace-home">
      {smallShown.length > 0 && (
        <Row gutter={[16, 16]}>
          {smallShown.map((p) => (
            <Col key={p} xs={24} xl={24 / smallShown.length}>
              {small[p]}
            </Col>
          ))}
        </Row>
      )}
      {panels
        .filter((p) => !SMALL.includes(p))
        .map((p) => (p === 'favourites' ? <FavouritesPanel key={p} /> : <ModuleMenus key={p} />))}
    </Space>
  );
}
