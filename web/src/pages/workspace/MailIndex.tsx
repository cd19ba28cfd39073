// /workspace/mailindex, the to-do centre: pending and done to-dos (filled by the collaboration area).
import { Card, Empty, List, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

function TodoList({ emptyText }: { emptyText: string }) {
  return (
    <List
      dataSource={[]}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      renderItem={() => null}
    />
  );
}

export default function MailIndex() {
  const { t } = useTranslation();
  return (
    <Card data-testid="todo-centre">
      <Tabs
        items={[
          { key: 'pending', label: t('todo.pending'), children: <TodoList emptyText={t('todo.pendingEmpty')} /> },
          { key: 'done', label: t('todo.done'), children: <TodoList emptyText={t('todo.doneEmpty')} /> },
          { key: 'notices', label: t('todo.notices'), children: <TodoList emptyText={t('todo.noticesEmpty')} /> },
        ]}
      />
    </Card>
  );
}
