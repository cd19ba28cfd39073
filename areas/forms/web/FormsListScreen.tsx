// /sys/index/dynamic-form (menu SYS_DYNAMIC_FORM): the company's designed forms — search, open in
// the designer, delete (confirmed; a form in use is refused by the server with its usage).
import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { ClusterOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { openableRow, toastSuccess, useLang, LoadFailed, type TemplateProps } from '@seamline/web/engine';
import type { FormListRow } from '../meta';
import { useDeleteForms, useFormList } from './api';
import { designerPath, SCENARIO_LIST_PATH } from './paths';
import './register-messages';

export default function FormsListScreen(_props: TemplateProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const list = useFormList(text, page);
  const remove = useDeleteForms();
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  const name = (r: FormListRow) => (lang === 'en' ? r.name_en : r.name_zh);
  return (
    <Card
      data-testid="forms-list"
      title={t('forms.title')}
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('forms.search')}
            aria-label={t('forms.search')}
            onSearch={(v) => {
              setText(v);
              setPage(1);
            }}
            style={{ width: 240 }}
          />
          <Button icon={<ClusterOutlined />} onClick={() => navigate(SCENARIO_LIST_PATH)} data-testid="open-scenarios">
            {t('forms.scenarios')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(designerPath())} data-testid="form-new">
            {t('forms.new')}
          </Button>
        </Space>
      }
    >
      <Table<FormListRow>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showTotal: (total) => t('forms.total', { total }) }}
        onRow={(r) => openableRow(() => navigate(designerPath(r.id)))}
        columns={[
          { title: t('forms.code'), dataIndex: 'code', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
          { title: t('forms.name'), key: 'name', render: (_: unknown, r) => name(r) },
          { title: t('forms.fieldCount'), dataIndex: 'field_count', width: 90 },
          { title: t('forms.description'), dataIndex: 'description', ellipsis: true },
          { title: t('forms.updatedAt'), dataIndex: 'updated_at', width: 170, render: (v: string) => (v ? v.slice(0, 19).replace('T', ' ') : '') },
          {
            title: t('forms.actions'),
            key: 'actions',
            width: 110,
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button size="small" icon={<EditOutlined />} aria-label={`${t('forms.edit')} ${r.code}`} onClick={() => navigate(designerPath(r.id))} />
                <Popconfirm
                  title={t('forms.deleteConfirm', { name: name(r) })}
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync([r.id]);
                      toastSuccess(t('forms.deleted'));
                    } catch {
                      // The request client has shown the refusal (e.g. the form is in use).
                    }
                  }}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('forms.delete')} ${r.code}`} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
