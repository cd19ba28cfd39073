// /collab/index/task (menu COLLAB_TASK): the task list on its own page; ?task=<id> opens one.
import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { TaskList } from '../../collab/tasks';

export default function TasksPage() {
  const [params] = useSearchParams();
  return (
    <Card>
      <TaskList openId={params.get('task')} initialOverdue={params.get('overdue') === '1'} />
    </Card>
  );
}
