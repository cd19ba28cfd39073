// /discovery/index and /newdiscovery/index (public, spec §2; DSC-01..04): the directory of public
// company cards with search, filters and paging — no sign-in needed and never a redirect to
// /login. Signed in, a company also asks others to connect, answers requests and sees its friends.
import { useState } from 'react';
import { Avatar, Button, Card, Col, Empty, Form, Input, List, Modal, Pagination, Row, Select, Space, Tabs, Tag, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { langOf } from '@seamline/core';
import { api, toastSuccess, useLang, storedToken } from '@seamline/web/engine';
import { CAPABILITY_OPTIONS, COMPANY_TYPE_OPTIONS, type ListedCard } from '../meta';
import { dt } from './texts';
import { placeName, regionLine } from './regions';

const BASE = 'utilsapi/discovery';

interface Connection {
  id: string;
  direction: 'IN' | 'OUT';
  status: string;
  message: string | null;
  client_id: string;
  client_name: string;
  client_type: string;
  updated_at: string;
}

interface Filters {
  keyword?: string;
  type?: string[];
  region?: string;
  capabilities?: string[];
}

/** Public calls: no sign-in needed; a stored token (if any) only adds the caller's connections, and a dead one never signs out. */
const publicGet = <T,>(path: string, query: Record<string, unknown>) => {
  const token = storedToken();
  return api.get<T>(path, { ...query, ...(token ? { token } : {}) }, { auth: false, redirectOn401: false, notify: false });
};

export function DiscoveryPage() {
  const lang = useLang();
  const l = langOf(lang);
  const hasToken = !!storedToken();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<ListedCard | null>(null);
  const [message, setMessage] = useState('');
  const size = 12;
  const cards = useQuery({
    queryKey: ['discovery', 'companies', filters, page, hasToken],
    queryFn: () =>
      publicGet<{ rows: ListedCard[]; total: number; signed_in?: boolean }>(`${BASE}/companies`, {
        keyword: filters.keyword || undefined,
        type: filters.type?.join(',') || undefined,
        region: filters.region || undefined,
        capabilities: filters.capabilities?.join(',') || undefined,
        page,
        size,
      }),
  });
  // Signed in only when the server took the token (DSC-02): a stale token leaves a visitor.
  const signedIn = hasToken && cards.data?.signed_in === true;
  const regions = useQuery({ queryKey: ['discovery', 'regions'], queryFn: () => publicGet<string[]>(`${BASE}/regions`, {}) });
  const requests = useQuery({ queryKey: ['discovery', 'requests'], queryFn: () => api.get<Connection[]>(`${BASE}/requests`), enabled: signedIn });
  const friends = useQuery({ queryKey: ['discovery', 'friends'], queryFn: () => api.get<Connection[]>(`${BASE}/friends`), enabled: signedIn });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['discovery'] });
  const typeLabel = (v: string) => COMPANY_TYPE_OPTIONS.find((o) => o.value === v)?.label[l] ?? v;
  const capLabel = (v: string) => CAPABILITY_OPTIONS.find((o) => o.value === v)?.label[l] ?? v;

  const stateTag = (c: ListedCard) => {
    switch (c.connection) {
      case 'SELF':
        return <Tag>{dt(lang, 'self')}</Tag>;
      case 'FRIENDS':
        return <Tag color="green">{dt(lang, 'isFriend')}</Tag>;
      case 'PENDING_OUT':
        return <Tag color="orange">{dt(lang, 'pendingOut')}</Tag>;
      case 'PENDING_IN':
        return <Tag color="blue">{dt(lang, 'pendingIn')}</Tag>;
      case 'NONE':
        return (
          <Button size="small" type="primary" onClick={() => { setMessage(''); setAsking(c); }} data-testid={`connect-${c.code}`}>
            {dt(lang, 'connect')}
          </Button>
        );
      default:
        return <Typography.Text type="secondary">{dt(lang, 'signInToConnect')}</Typography.Text>;
    }
  };

  const directory = (
    <>
      <Form<Filters> layout="inline" onFinish={(v) => { setFilters(v); setPage(1); }} style={{ rowGap: 8, marginBottom: 16 }}>
        <Form.Item name="keyword">
          <Input allowClear placeholder={dt(lang, 'keyword')} style={{ width: 220 }} data-testid="discovery-keyword" />
        </Form.Item>
        <Form.Item name="type" label={dt(lang, 'category')}>
          <Select mode="multiple" allowClear style={{ minWidth: 180 }} options={COMPANY_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label[l] }))} data-testid="discovery-type" />
        </Form.Item>
        <Form.Item name="region" label={dt(lang, 'region')}>
          <Select allowClear style={{ minWidth: 140 }} options={(regions.data ?? []).map((r) => ({ value: r, label: placeName(r, lang) }))} data-testid="discovery-region" />
        </Form.Item>
        <Form.Item name="capabilities" label={dt(lang, 'capabilities')}>
          <Select mode="multiple" allowClear style={{ minWidth: 200 }} options={CAPABILITY_OPTIONS.map((o) => ({ value: o.value, label: o.label[l] }))} data-testid="discovery-capabilities" />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="discovery-search">{dt(lang, 'search')}</Button>
      </Form>
      {cards.data && cards.data.rows.length === 0 ? (
        <Empty description={dt(lang, 'noCompanies')} />
      ) : (
        <Row gutter={[16, 16]}>
          {(cards.data?.rows ?? []).map((c) => (
            <Col key={c.id} xs={24} sm={12} lg={8}>
              <Card size="small" data-testid={`company-card-${c.code}`} title={<Space><Avatar icon={<ShopOutlined />} />{c.name}</Space>} extra={stateTag(c)}>
                <Space direction="vertical" size={4}>
                  <Space wrap>
                    <Tag color="geekblue">{typeLabel(c.type)}</Tag>
                    <Typography.Text type="secondary" data-testid="discovery-region-line">{regionLine(c.state, c.city, lang)}</Typography.Text>
                    <Typography.Text type="secondary" data-testid="card-version">{dt(lang, 'version', { v: c.card_version ?? 1 })}</Typography.Text>
                  </Space>
                  <Space wrap size={[4, 4]}>
                    {(c.capabilities ?? []).map((x) => <Tag key={x}>{capLabel(x)}</Tag>)}
                  </Space>
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Space style={{ marginTop: 16 }}>
        <Pagination current={page} pageSize={size} total={cards.data?.total ?? 0} onChange={setPage} showSizeChanger={false} />
        <Typography.Text type="secondary">{dt(lang, 'total', { n: cards.data?.total ?? 0 })}</Typography.Text>
      </Space>
    </>
  );

  const answer = async (id: string, action: 'accept' | 'reject') => {
    await api.post(`${BASE}/${action}`, { DATA: { id } });
    await refresh();
  };

  const requestList = (
    <List
      data-testid="discovery-requests"
      dataSource={requests.data ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={dt(lang, 'noRequests')} /> }}
      renderItem={(r) => (
        <List.Item
          actions={r.direction === 'IN' ? [
            <Button key="a" type="primary" size="small" onClick={() => answer(r.id, 'accept')} data-testid={`accept-${r.client_name}`}>{dt(lang, 'accept')}</Button>,
            <Button key="r" size="small" onClick={() => answer(r.id, 'reject')}>{dt(lang, 'reject')}</Button>,
          ] : [<Tag key="w" color="orange">{dt(lang, 'outgoing')}</Tag>]}
        >
          <List.Item.Meta title={r.client_name} description={[r.direction === 'IN' ? dt(lang, 'incoming') : null, r.message].filter(Boolean).join(' — ')} />
        </List.Item>
      )}
    />
  );

  const friendList = (
    <List
      data-testid="discovery-friends"
      dataSource={friends.data ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={dt(lang, 'noFriends')} /> }}
      renderItem={(f) => (
        <List.Item>
          <List.Item.Meta avatar={<Avatar icon={<ShopOutlined />} />} title={f.client_name} description={`${typeLabel(f.client_type)} · ${dt(lang, 'since', { date: dayjs(f.updated_at).format('YYYY-MM-DD') })}`} />
        </List.Item>
      )}
    />
  );

  return (
    <div data-testid="discovery">
      <Typography.Paragraph type="secondary">{dt(lang, 'intro')}</Typography.Paragraph>
      {signedIn ? (
        <Tabs
          items={[
            { key: 'directory', label: dt(lang, 'directory'), children: directory },
            { key: 'requests', label: `${dt(lang, 'requests')}${requests.data?.length ? ` (${requests.data.length})` : ''}`, children: requestList },
            { key: 'friends', label: dt(lang, 'friends'), children: friendList },
          ]}
        />
      ) : (
        directory
      )}
      <Modal
        open={asking !== null}
        title={asking ? dt(lang, 'connectTitle', { name: asking.name }) : ''}
        okText={dt(lang, 'send')}
        cancelText={dt(lang, 'cancel')}
        onCancel={() => setAsking(null)}
        onOk={async () => {
          await api.post(`${BASE}/connect`, { DATA: { client_id: asking!.client_id, message } });
          toastSuccess(dt(lang, 'sent'));
          setAsking(null);
          await refresh();
        }}
      >
        <Input.TextArea rows={3} maxLength={500} placeholder={dt(lang, 'message')} value={message} onChange={(e) => setMessage(e.target.value)} />
      </Modal>
    </div>
  );
}
