// Tasks (spec §3 'Task', NTF-13..17): the workbench panel (my-task-list), the paged list
// (page-task-list) with status, keyword and overdue filters, the form (task-save: subject, due
// date, priority, participants), done/reopen (task-change-status 30/10), delete (task-remove,
// 'deletion failed' on failure) and the detail drawer with attachments and notes.
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { ButtonProps } from 'antd';
import { Button, DatePicker, Descriptions, Drawer, Form, Input, List, Modal, Popconfirm, Segmented, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api, toastError, toastSuccess, useApiQuery } from '../api';
import { useSessionUser } from '../session/store';
import { DocumentAttachments } from './DocumentAttachments';
import * as paths from './paths';
import { EmptyOrFailed, RelativeTime, ListBar, thenFirstPage, useCollabRefresh, useModalSubmit, useShownItem } from './shared';

export interface Task {
  id: string;
  subject: string;
  description: string;
  due_date: string;
  priority: 'LOW' | 'MEDIUM' | 'HIGH';
  status: 10 | 30;
  overdue: boolean;
  participants: { id: string; fullname: string }[];
  created_by: string;
  created_by_name: string;
  created_at: string;
  version: number;
}

const PRIORITY_COLOURS = { LOW: 'default', MEDIUM: 'blue', HIGH: 'red' } as const;
export const TASK_ENTITY = 'collab-task';

export function PriorityTag({ priority }: { priority: Task['priority'] }) {
  const { t } = useTranslation();
  return <Tag color={PRIORITY_COLOURS[priority]}>{t(`collab.priority.${priority}`)}</Tag>;
}

export function StatusTag({ task }: { task: Task }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Tag color={task.status === 30 ? 'success' : 'processing'} data-testid="task-status">
        {t(`collab.status.${task.status}`)}
      </Tag>
      {task.overdue && <Tag color="error">{t('collab.overdue')}</Tag>}
    </Space>
  );
}

function useTaskActions() {
  const { t } = useTranslation();
  const refresh = useCollabRefresh();
  return {
    async setStatus(task: Task, status: 10 | 30) {
      await api.post(paths.taskChangeStatus, { id: task.id, status, version: task.version });
      await refresh();
    },
    async remove(task: Task) {
      try {
        await api.delete(paths.taskRemove, { id: task.id }, { notify: false });
        toastSuccess(t('collab.deleted'));
        await refresh();
        return true;
      } catch {
        toastError(t('common.deletionFailed'));
        return false;
      }
    },
  };
}

interface UserOption {
  value: string;
  label: string | null;
  username: string;
}

function ParticipantSelect({ value, onChange, initial }: { value?: string[]; onChange?: (v: string[]) => void; initial: Task['participants'] }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const users = useApiQuery<UserOption[]>(paths.userOptions, { search }, { staleTime: 30_000 });
  const options = useMemo(() => {
    const out = (users.data ?? []).map((u) => ({ value: u.value, label: u.label ? `${u.label} (${u.username})` : u.username }));
    for (const p of initial) if (!out.some((o) => o.value === p.id)) out.push({ value: p.id, label: p.fullname });
    return out;
  }, [users.data, initial]);
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      options={options}
      showSearch
      filterOption={false}
      onSearch={setText}
      loading={users.isFetching}
      placeholder={t('collab.participants')}
      data-testid="task-participants"
      aria-label={t('collab.participants')}
    />
  );
}

interface TaskFormValues {
  subject: string;
  description?: string;
  due_date?: Dayjs | null;
  priority: Task['priority'];
  participants: string[];
}

export function TaskForm({ task, open, onClose, onSaved }: { task?: Task | null; open: boolean; onClose: () => void; onSaved?: (t: Task) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TaskFormValues>();
  const refresh = useCollabRefresh();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      subject: task?.subject ?? '',
      description: task?.description ?? '',
      due_date: task?.due_date ? dayjs(task.due_date) : null,
      priority: task?.priority ?? 'MEDIUM',
      participants: task?.participants.map((p) => p.id) ?? [],
    });
  }, [open, task, form]);

  const { saving, submit } = useModalSubmit(form, async (values) => {
    const saved = await api.post<Task>(paths.taskSave, {
      DATA: {
        ...(task ? { id: task.id, version: task.version } : {}),
        subject: values.subject,
        description: values.description ?? '',
        due_date: values.due_date ? values.due_date.format('YYYY-MM-DD') : '',
        priority: values.priority,
        participants: values.participants ?? [],
      },
    });
    toastSuccess(t('collab.saved'));
    await refresh();
    onSaved?.(saved);
    onClose();
  });

  return (
    <Modal
      open={open}
      title={task ? t('collab.editTask') : t('collab.newTask')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('collab.save')}
      cancelText={t('collab.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'task-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="task-form" onFinish={() => void submit()}>
        <Form.Item name="subject" label={t('collab.subject')} rules={[{ required: true, whitespace: true, message: t('val.required') }, { max: 200 }]}>
          <Input data-testid="task-subject" maxLength={200} />
        </Form.Item>
        <Form.Item name="due_date" label={t('collab.dueDate')}>
          <DatePicker style={{ width: '100%' }} data-testid="task-due" />
        </Form.Item>
        <Form.Item name="priority" label={t('collab.priority')}>
          <Segmented
            options={(['LOW', 'MEDIUM', 'HIGH'] as const).map((p) => ({ value: p, label: t(`collab.priority.${p}`) }))}
            data-testid="task-priority"
          />
        </Form.Item>
        <Form.Item name="participants" label={t('collab.participants')}>
          <ParticipantSelect initial={task?.participants ?? []} />
        </Form.Item>
        <Form.Item name="description" label={t('collab.description')} rules={[{ max: 4000 }]}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function TaskDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const query = useApiQuery<Task>(paths.taskView, { id }, { enabled: !!id });
  const actions = useTaskActions();
  const [editing, setEditing] = useState(false);
  const task = query.data;
  return (
    <Drawer open={!!id} onClose={onClose} title={task?.subject ?? t('collab.taskDetail')} width={560} data-testid="task-drawer" destroyOnHidden>
      {task && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('collab.status')}>
              <StatusTag task={task} />
            </Descriptions.Item>
            <Descriptions.Item label={t('collab.dueDate')}>{task.due_date || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('collab.priority')}>
              <PriorityTag priority={task.priority} />
            </Descriptions.Item>
            <Descriptions.Item label={t('collab.participants')}>{task.participants.map((p) => p.fullname).join(', ') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('collab.createdBy', { name: '' }).trim()}>
              {task.created_by_name} · <RelativeTime time={task.created_at} />
            </Descriptions.Item>
            {task.description ? <Descriptions.Item label={t('collab.description')}>{task.description}</Descriptions.Item> : null}
          </Descriptions>
          <Space wrap>
            {task.status === 10 ? (
              <Button type="primary" onClick={() => void actions.setStatus(task, 30)} data-testid="task-done">
                {t('collab.markDone')}
              </Button>
            ) : (
              <Button onClick={() => void actions.setStatus(task, 10)} data-testid="task-reopen">
                {t('collab.reopen')}
              </Button>
            )}
            {task.created_by === me?.id && <Button onClick={() => setEditing(true)}>{t('collab.editTask')}</Button>}
          </Space>
          <DocumentAttachments entity={TASK_ENTITY} recordId={task.id} />
          <TaskForm task={task} open={editing} onClose={() => setEditing(false)} />
        </Space>
      )}
    </Drawer>
  );
}

interface TaskPage {
  rows: Task[];
  total: number;
  page: number;
  size: number;
}

/** The full task list with filters, paging and the new-task button. */
export function TaskList({ openId, initialOverdue = false }: { openId?: string | null; initialOverdue?: boolean }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<'' | '10' | '30'>('');
  const [keyword, setKeyword] = useState('');
  const [overdue, setOverdue] = useState(initialOverdue);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useShownItem(openId);
  const actions = useTaskActions();
  const size = 10;
  const query = useApiQuery<TaskPage>(paths.pageTaskList, { page, size, status, keyword, overdue: overdue ? '1' : '' });
  return (
    <div data-testid="task-list">
      <ListBar
        action={{ icon: <PlusOutlined />, label: t('collab.newTask'), onClick: () => setCreating(true), testId: 'task-new' }}
        filter={{ value: status, onChange: setStatus, setPage, states: [{ value: '10', label: t('collab.status.10') }, { value: '30', label: t('collab.status.30') }] }}
      >
        <Input.Search
          allowClear
          placeholder={t('collab.search')}
          onSearch={thenFirstPage(setKeyword, setPage)}
          style={{ width: 220 }}
          aria-label={t('collab.search')}
        />
        <Switch checked={overdue} onChange={setOverdue} aria-label={t('collab.overdueOnly')} />
        <span>{t('collab.overdueOnly')}</span>
      </ListBar>
      <Table<Task>
        rowKey="id"
        size="middle"
        loading={query.isPending}
        dataSource={query.data?.rows ?? []}
        locale={{ emptyText: <EmptyOrFailed failed={query.isError} text={t('collab.noTasks')} /> }}
        pagination={{ current: page, pageSize: size, total: query.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          {
            title: t('collab.subject'),
            dataIndex: 'subject',
            render: (_, task) => (
              <Typography.Link onClick={() => setShown(task.id)} data-testid="task-open">
                {task.subject}
              </Typography.Link>
            ),
          },
          { title: t('collab.dueDate'), dataIndex: 'due_date', width: 120, render: (v: string) => v || '—' },
          { title: t('collab.priority'), dataIndex: 'priority', width: 90, render: (p: Task['priority']) => <PriorityTag priority={p} /> },
          { title: t('collab.participants'), key: 'participants', render: (_, task) => task.participants.map((p) => p.fullname).join(', ') },
          { title: t('collab.status'), key: 'status', width: 170, render: (_, task) => <StatusTag task={task} /> },
          {
            title: '',
            key: 'actions',
            width: 200,
            render: (_, task) => (
              <Space size={4}>
                {task.status === 10 ? (
                  <Button size="small" type="link" onClick={() => void actions.setStatus(task, 30)} data-testid="row-task-done">
                    {t('collab.markDone')}
                  </Button>
                ) : (
                  <Button size="small" type="link" onClick={() => void actions.setStatus(task, 10)}>
                    {t('collab.reopen')}
                  </Button>
                )}
                {(task.created_by === me?.id || me?.user_type === 'ADMIN') && (
                  <Popconfirm
                    title={t('collab.deleteTaskConfirm', { subject: task.subject })}
                    okText={t('collab.delete')}
                    cancelText={t('collab.cancel')}
                    onConfirm={() => actions.remove(task)}
                  >
                    <Button size="small" type="link" danger data-testid="task-delete">
                      {t('collab.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <TaskForm open={creating} onClose={() => setCreating(false)} />
      <TaskDrawer id={shown} onClose={() => setShown(null)} />
    </div>
  );
}

/** The workbench panel: my open tasks, soonest due first. */
export function MyTasks() {
  const { t } = useTranslation();
  const query = useApiQuery<Task[]>(paths.myTaskList, { limit: 6 });
  const [shown, setShown] = useState<string | null>(null);
  return (
    <>
      <List
        size="small"
        loading={query.isPending}
        dataSource={query.data ?? []}
        locale={{ emptyText: <EmptyOrFailed failed={query.isError} text={t('workspace.tasksEmpty')} /> }}
        renderItem={(task) => (
          <List.Item data-testid="my-task" extra={<PriorityTag priority={task.priority} />}>
            <List.Item.Meta
              title={<Typography.Link onClick={() => setShown(task.id)}>{task.subject}</Typography.Link>}
              description={
                <Space size={6}>
                  {task.due_date && <span>{task.due_date}</span>}
                  {task.overdue && <Tag color="error">{t('collab.overdue')}</Tag>}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <TaskDrawer id={shown} onClose={() => setShown(null)} />
    </>
  );
}
