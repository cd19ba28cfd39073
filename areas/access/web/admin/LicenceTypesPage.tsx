// /sys/index/licence-type (super admin): the licence types a company sign-up is approved with.
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, toastSuccess, useApiQuery, SpecForm, ruleFromSpec, useLang } from '@seamline/web/engine';
import { platformPaths } from '../paths';
import type { Licence } from './SignupApprovalPage';
import { Only } from './Only';

function LicenceTypesPageScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const list = useApiQuery<Licence[]>(platformPaths.licenceList);
  const [editing, setEditing] = useState<Partial<Licence> | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [platformPaths.licenceList] });
  const required = ruleFromSpec({ type: 'required' }, lang);
  return (
    <div data-testid="licence-types">
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'flex-end' }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ seq: ((list.data?.length ?? 0) + 1) * 10 })} data-testid="licence-add">
          {t('super.addLicence')}
        </Button>
      </Space>
      <Table<Licence>
        rowKey="code"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        onRow={(r) => ({ onDoubleClick: () => setEditing(r) })}
        columns={[
          { title: t('super.licenceCode'), dataIndex: 'code', sorter: (a, b) => a.code.localeCompare(b.code) },
          { title: t('super.nameEn'), dataIndex: 'name_en' },
          { title: t('super.nameZh'), dataIndex: 'name_zh' },
          { title: t('super.seq'), dataIndex: 'seq', sorter: (a, b) => a.seq - b.seq, defaultSortOrder: 'ascend' },
          {
            title: t('members.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('super.edit')}
                </Button>
                <Popconfirm
                  title={t('super.deleteConfirm', { code: r.code })}
                  onConfirm={async () => {
                    await api.post(platformPaths.licenceDelete, { code: r.code });
                    toastSuccess(t('super.deleted'));
                    await refresh();
                  }}
                >
                  <Button size="small" danger>
                    {t('super.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={t(editing?.code ? 'super.editLicence' : 'super.addLicence')} footer={null} onCancel={() => setEditing(null)} destroyOnHidden>
        <SpecForm<Licence>
          initialValues={editing ?? {}}
          onSubmit={async (values) => {
            await api.post(platformPaths.licenceSave, { ...values, seq: String(values.seq ?? 0) });
            toastSuccess(t('common.saveSuccess'));
            setEditing(null);
            await refresh();
          }}
        >
          <Form.Item name="code" label={t('super.licenceCode')} rules={[required, ruleFromSpec({ type: 'capitalEnglish' }, lang)]} normalize={(v: string) => v?.toUpperCase()}>
            <Input disabled={Boolean(editing?.code)} data-testid="licence-code" />
          </Form.Item>
          <Form.Item name="name_en" label={t('super.nameEn')} rules={[required]}>
            <Input data-testid="licence-name-en" />
          </Form.Item>
          <Form.Item name="name_zh" label={t('super.nameZh')} rules={[required]}>
            <Input data-testid="licence-name-zh" />
          </Form.Item>
          <Form.Item name="seq" label={t('super.seq')}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <SpecForm.Submit data-testid="licence-save">{t('common.save')}</SpecForm.Submit>
        </SpecForm>
      </Modal>
    </div>
  );
}

export default function LicenceTypesPage() {
  return (
    <Only who="superAdmin">
      <LicenceTypesPageScreen />
    </Only>
  );
}
