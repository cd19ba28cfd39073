// /collab/index/ticket: the tickets the user takes part in on both sides (opened by the company
// or against it), filtered by status (the three states of spec §9), side and text, paged.
import { useState, type KeyboardEvent } from 'react';
import dayjs from 'dayjs';
import { Button, Card, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { langOf } from '@seamline/core';
import { useLang } from '@seamline/web/engine';
import { TICKET_STATUSES } from '../meta';
import { ticketApi, type Ticket } from './api';
import { Remaining, StatusTag } from './StatusTag';
import { TicketForm } from './TicketForm';
import { tt } from './texts';

interface Filters {
  keyword?: string;
  status?: number[];
  side?: '' | 'mine' | 'theirs';
}

export default function TicketList() {
  const lang = useLang();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>({ status: [0, 50], side: '' });
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<Filters>();
  const list = useQuery({ queryKey: ['ticket', 'list', filters, paging], queryFn: () => ticketApi.list({ ...filters }, paging) });
  const open = (t: Ticket) => navigate(`/page/ticket/view?key=${t.id}`);

  return (
    <Card data-testid="ticket-list" extra={
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="ticket-new">
        {tt(lang, 'newTicket')}
      </Button>
    }>
      <Form
        form={form}
        layout="inline"
        initialValues={filters}
        onFinish={(v) => {
          setFilters(v);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="keyword">
          <Input allowClear placeholder={tt(lang, 'keyword')} style={{ width: 220 }} data-testid="ticket-filter-keyword" />
        </Form.Item>
        <Form.Item name="status" label={tt(lang, 'status')}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 220 }}
            data-testid="ticket-filter-status"
            options={TICKET_STATUSES.map((s) => ({ value: Number(s.value), label: s.label[langOf(lang)] }))}
          />
        </Form.Item>
        <Form.Item name="side" label={tt(lang, 'side')}>
          <Select
            style={{ width: 150 }}
            options={[
              { value: '', label: tt(lang, 'sideAll') },
              { value: 'mine', label: tt(lang, 'sideMine') },
              { value: 'theirs', label: tt(lang, 'sideTheirs') },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="ticket-search">
            {tt(lang, 'search')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue({ keyword: '', status: [], side: '' });
              form.submit();
            }}
          >
            {tt(lang, 'reset')}
          </Button>
        </Space>
      </Form>
      <Table<Ticket>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        onRow={(t) => ({ tabIndex: 0, onDoubleClick: () => open(t), onKeyDown: (e: KeyboardEvent) => e.key === 'Enter' && open(t) })}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={[
          { title: tt(lang, 'code'), dataIndex: 'code', width: 150 },
          {
            title: tt(lang, 'title'),
            dataIndex: 'title',
            render: (v: string, t) => (
              <Typography.Link onClick={() => open(t)} data-testid="ticket-open">
                {v}
              </Typography.Link>
            ),
          },
          { title: tt(lang, 'designNo'), dataIndex: 'design_no', width: 110 },
          { title: tt(lang, 'tags'), dataIndex: 'tags', render: (tags: string[]) => tags.map((x) => <Tag key={x}>{x}</Tag>) },
          { title: tt(lang, 'opener'), dataIndex: 'client_name' },
          { title: tt(lang, 'counterpart'), dataIndex: 'counterpart_name' },
          { title: tt(lang, 'status'), dataIndex: 'status', width: 100, render: (s: number) => <StatusTag status={s} lang={lang} /> },
          { title: tt(lang, 'remaining'), dataIndex: 'remaining_hours', render: (h: number | null, t) => <Remaining hours={h} status={t.status} lang={lang} /> },
          { title: tt(lang, 'owner'), dataIndex: 'owner_name' },
          { title: tt(lang, 'created'), dataIndex: 'created_at', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
        ]}
      />
      <TicketForm
        open={creating}
        lang={lang}
        onClose={() => setCreating(false)}
        onSaved={(t) => {
          setCreating(false);
          open(t);
        }}
      />
    </Card>
  );
}
