// /workspace/mailindex, the to-do centre (NTF-19): inbox, tasks and announcements as tabs. The
// query selects the tab and what opens: ?tab=tasks&task=<id>, ?tab=announcements&id=<id>,
// ?tab=inbox&read=0, ?tab=tasks&overdue=1 — the urls notifications and counters point at.
import { Badge, Card, Tabs } from 'antd';
import { CheckSquareOutlined, InboxOutlined, NotificationOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AnnouncementList } from '../../collab/announcements';
import { MessageList } from '../../collab/MessageList';
import { TaskList } from '../../collab/tasks';
import { useSessionUser } from '../../session/store';

const TABS = ['inbox', 'tasks', 'announcements'] as const;
type Tab = (typeof TABS)[number];

export default function MailIndex() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const user = useSessionUser();
  const wanted = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(wanted ?? '') ? (wanted as Tab) : 'inbox';
  return (
    <Card data-testid="todo-centre">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={[
          {
            key: 'inbox',
            label: (
              <span data-testid="tab-inbox">
                <InboxOutlined /> {t('collab.inbox')} <Badge size="small" count={user?.unread_total ?? 0} />
              </span>
            ),
            children: <MessageList key={params.get('read') ?? ''} initialUnreadOnly={params.get('read') === '0'} />,
          },
          {
            key: 'tasks',
            label: (
              <span data-testid="tab-tasks">
                <CheckSquareOutlined /> {t('collab.tasks')}
              </span>
            ),
            children: <TaskList openId={params.get('task')} initialOverdue={params.get('overdue') === '1'} />,
          },
          {
            key: 'announcements',
            label: (
              <span data-testid="tab-announcements">
                <NotificationOutlined /> {t('collab.announcements')}
              </span>
            ),
            children: <AnnouncementList openId={params.get('id')} />,
          },
        ]}
      />
    </Card>
  );
}
