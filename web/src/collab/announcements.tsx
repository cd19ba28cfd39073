// Announcements with read confirmation (NTF-18): the company's list with each one's read state,
// publishing (publish), the detail with 'Confirm reading' (confirm-read), and for the publisher
// or an administrator who has read and who has not (read-status).
import { useEffect, useState } from 'react';
import type { ButtonProps } from 'antd';
import { Badge, Button, Col, Descriptions, Drawer, Form, Input, List, Modal, Row, Space, Tag, Typography } from 'antd';
import { CheckCircleOutlined, NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, toastError, toastSuccess, useApiQuery } from '../api';
import { menuCodes } from './menuCodes';
import * as paths from './paths';
import { EmptyOrFailed, RelativeTime, ListBar, useCollabRefresh, useModalSubmit, useShownItem } from './shared';

export interface Announcement {
  id: string;
  title: string;
  content: string;
  published_at: string;
  publisher_name: string;
  read: boolean;
  read_count: number;
  user_count: number;
  can_see_readers: boolean;
}

interface Person {
  id: string;
  fullname: string;
  username: string;
  read_at?: string;
}

function ReadStatus({ id }: { id: string }) {
  const { t } = useTranslation();
  const status = useApiQuery<{ read: Person[]; unread: Person[] }>(paths.announcementReadStatus, { id });
  if (!status.data) return null;
  const people = (list: Person[], testid: string) => (
    <List
      size="small"
      dataSource={list}
      data-testid={testid}
      locale={{ emptyText: '—' }}
      renderItem={(p) => (
        <List.Item>
          <Space>
            <span>{p.fullname}</span>
            {p.read_at && <RelativeTime time={p.read_at} />}
          </Space>
        </List.Item>
      )}
    />
  );
  return (
    <div data-testid="read-status">
      <Typography.Title level={5}>{t('collab.whoRead')}</Typography.Title>
      <Row gutter={16}>
        <Col span={12}>
          <Typography.Text strong>{t('collab.readBy', { count: status.data.read.length })}</Typography.Text>
          {people(status.data.read, 'readers')}
        </Col>
        <Col span={12}>
          <Typography.Text strong>{t('collab.notReadBy', { count: status.data.unread.length })}</Typography.Text>
          {people(status.data.unread, 'non-readers')}
        </Col>
      </Row>
    </div>
  );
}

export function AnnouncementDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useApiQuery<Announcement>(paths.announcementView, { id }, { enabled: !!id });
  const refresh = useCollabRefresh();
  const [confirming, setConfirming] = useState(false);
  const a = query.data;
  const confirm = async () => {
    if (!a) return;
    setConfirming(true);
    try {
      await api.post(paths.announcementConfirm, { id: a.id });
      await refresh();
    } finally {
      setConfirming(false);
    }
  };
  return (
    <Drawer open={!!id} onClose={onClose} width={600} title={a?.title ?? t('collab.announcementDetail')} data-testid="announcement-drawer" destroyOnHidden>
      {a && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('collab.published')}>
              <Space>
                {a.publisher_name}
                <RelativeTime time={a.published_at} />
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('collab.status')}>{t('collab.readCount', { read: a.read_count, total: a.user_count })}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="announcement-content">
            {a.content}
          </Typography.Paragraph>
          {a.read ? (
            <Tag icon={<CheckCircleOutlined />} color="success" data-testid="announcement-confirmed">
              {t('collab.confirmedRead')}
            </Tag>
          ) : (
            <Button type="primary" onClick={() => void confirm()} loading={confirming} data-testid="announcement-confirm">
              {t('collab.confirmRead')}
            </Button>
          )}
          {a.can_see_readers && <ReadStatus id={a.id} />}
        </Space>
      )}
    </Drawer>
  );
}

function PublishForm({ open, onClose, onPublished }: { open: boolean; onClose: () => void; onPublished: (a: Announcement) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ title: string; content: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const { saving, submit } = useModalSubmit(
    form,
    async (values) => {
      const a = await api.post<Announcement>(paths.announcementPublish, { DATA: values }, { notify: false });
      toastSuccess(t('collab.saved'));
      onPublished(a);
      onClose();
    },
    () => toastError(t('common.publishFailed')),
  );
  return (
    <Modal
      open={open}
      title={t('collab.publish')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('collab.publish')}
      cancelText={t('collab.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'announcement-publish-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="title" label={t('collab.title')} rules={[{ required: true, whitespace: true, message: t('val.required') }, { max: 200 }]}>
          <Input maxLength={200} data-testid="announcement-title" />
        </Form.Item>
        <Form.Item name="content" label={t('collab.content')} rules={[{ required: true, whitespace: true, message: t('val.required') }]}>
          <Input.TextArea rows={6} maxLength={20000} data-testid="announcement-body" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface AnnouncementPage {
  rows: Announcement[];
  total: number;
}

export function AnnouncementList({ openId }: { openId?: string | null }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [read, setRead] = useState<'' | '0' | '1'>('');
  const [publishing, setPublishing] = useState(false);
  const [shown, setShown] = useShownItem(openId);
  const refresh = useCollabRefresh();
  const canPublish = menuCodes().has('COLLAB_ANNOUNCEMENT');
  const query = useApiQuery<AnnouncementPage>(paths.announcementList, { page, size: 10, read });
  return (
    <div data-testid="announcement-list">
      <ListBar
        action={canPublish ? { icon: <NotificationOutlined />, label: t('collab.publish'), onClick: () => setPublishing(true), testId: 'announcement-publish' } : undefined}
        filter={{ value: read, onChange: setRead, setPage, states: [{ value: '0', label: t('collab.unread') }, { value: '1', label: t('collab.read') }] }}
      />
      <List
        loading={query.isPending}
        dataSource={query.data?.rows ?? []}
        locale={{ emptyText: <EmptyOrFailed failed={query.isError} text={t('collab.noAnnouncements')} /> }}
        pagination={(query.data?.total ?? 0) > 10 ? { current: page, pageSize: 10, total: query.data?.total, onChange: setPage, showSizeChanger: false } : false}
        renderItem={(a) => (
          <List.Item data-testid="announcement-item" extra={<Tag color={a.read ? 'default' : 'blue'}>{a.read ? t('collab.read') : t('collab.unread')}</Tag>}>
            <List.Item.Meta
              avatar={<Badge dot={!a.read}><NotificationOutlined style={{ fontSize: 20 }} /></Badge>}
              title={
                <Typography.Link strong={!a.read} onClick={() => setShown(a.id)} data-testid="announcement-open">
                  {a.title}
                </Typography.Link>
              }
              description={
                <Space size={8} wrap>
                  <span>{a.publisher_name}</span>
                  <RelativeTime time={a.published_at} />
                  {a.can_see_readers && <span>{t('collab.readCount', { read: a.read_count, total: a.user_count })}</span>}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <PublishForm
        open={publishing}
        onClose={() => setPublishing(false)}
        onPublished={(a) => {
          void refresh();
          setShown(a.id);
        }}
      />
      <AnnouncementDrawer id={shown} onClose={() => setShown(null)} />
    </div>
  );
}
