// /sys/index/scenario (menu SYS_SCENARIO): which form a business context shows — a project type,
// a flow node ('<process code>:<node status>') or an entity's extra fields. Checked with core's
// scenarioErrors before posting; the server checks again (one form per context).
import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, FormOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FieldErrorsError, openableRow, toastError, toastSuccess, applyServerErrors, useLang, LoadFailed, type TemplateProps } from '@seamline/web/engine';
import { SCENARIO_CONTEXT_TYPES, scenarioErrors, type ScenarioContextType, type ScenarioRow } from '../meta';
import { useDeleteScenarios, useFormOptions, useSaveScenario, useScenarioList } from './api';
import { designerPath, FORMS_LIST_PATH } from './paths';
import './register-messages';

interface Draft {
  id?: string;
  version?: number;
  form_id?: string;
  context_type?: ScenarioContextType;
  context_key?: string;
  description?: string;
}

const TYPE_COLORS: Record<ScenarioContextType, string> = { PROJECT_TYPE: 'geekblue', FLOW_NODE: 'purple', ENTITY: 'green' };

export default function ScenarioScreen(_props: TemplateProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [type, setType] = useState<ScenarioContextType | undefined>();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Draft | null>(null);
  const list = useScenarioList(type ? { context_type: type } : {}, page);
  const remove = useDeleteScenarios();
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  const typeLabel = (v: string) => t(`forms.context.${v}`);
  return (
    <Card
      data-testid="scenario-list"
      title={t('forms.scenarios')}
      extra={
        <Space wrap>
          <Select
            allowClear
            placeholder={t('forms.scenario.contextType')}
            aria-label={t('forms.scenario.contextType')}
            style={{ width: 200 }}
            value={type}
            onChange={(v) => {
              setType(v);
              setPage(1);
            }}
            options={SCENARIO_CONTEXT_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))}
          />
          <Button icon={<FormOutlined />} onClick={() => navigate(FORMS_LIST_PATH)}>
            {t('forms.title')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="scenario-new">
            {t('forms.scenario.new')}
          </Button>
        </Space>
      }
    >
      <Table<ScenarioRow>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showTotal: (total) => t('forms.total', { total }) }}
        onRow={(r) => openableRow(() => setEditing(r))}
        columns={[
          { title: t('forms.scenario.contextType'), dataIndex: 'context_type', render: (v: ScenarioContextType) => <Tag color={TYPE_COLORS[v]}>{typeLabel(v)}</Tag> },
          { title: t('forms.scenario.contextKey'), dataIndex: 'context_key', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          {
            title: t('forms.scenario.form'),
            key: 'form',
            render: (_: unknown, r) => (
              <Typography.Link onClick={() => navigate(designerPath(r.form_id))}>
                {r.form_code} · {lang === 'en' ? r.form_name_en : r.form_name_zh}
              </Typography.Link>
            ),
          },
          { title: t('forms.description'), dataIndex: 'description', ellipsis: true },
          {
            title: t('forms.actions'),
            key: 'actions',
            width: 110,
            render: (_: unknown, r) => (
              <Space size={4}>
                <Button size="small" icon={<EditOutlined />} aria-label={`${t('forms.edit')} ${r.context_key}`} onClick={() => setEditing(r)} />
                <Popconfirm
                  title={t('forms.scenario.deleteConfirm', { type: typeLabel(r.context_type), key: r.context_key })}
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync([r.id]);
                      toastSuccess(t('forms.deleted'));
                    } catch {
                      // Shown by the request client.
                    }
                  }}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('forms.delete')} ${r.context_key}`} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ScenarioEditor draft={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

function ScenarioEditor({ draft, onClose }: { draft: Draft | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<Draft>();
  const forms = useFormOptions();
  const save = useSaveScenario();
  const type = Form.useWatch('context_type', form);

  const submit = async () => {
    const values = { ...draft, ...form.getFieldsValue(true) } as Draft;
    const errors = scenarioErrors(values, lang);
    form.setFields((['form_id', 'context_type', 'context_key'] as const).map((n) => ({ name: n, errors: (errors[n] as string[] | undefined) ?? [] })));
    if (Object.keys(errors).length > 0) {
      toastError(t('form.correctInput'));
      return;
    }
    try {
      await save.mutateAsync({
        id: values.id,
        version: values.version,
        form_id: values.form_id!,
        context_type: values.context_type!,
        context_key: (values.context_key ?? '').trim(),
        description: values.description ?? '',
      });
      toastSuccess(t('forms.saved'));
      onClose();
    } catch (err) {
      if (err instanceof FieldErrorsError) applyServerErrors(form, err.errors, lang);
    }
  };

  return (
    <Modal
      open={draft !== null}
      title={draft?.id ? t('forms.scenario.edit') : t('forms.scenario.new')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'scenario-save' } as never}
    >
      <Form form={form} layout="vertical" name="scenario-editor" initialValues={draft ?? {}} onFinish={() => void submit()} preserve={false}>
        <Form.Item name="form_id" label={t('forms.scenario.form')} required>
          <Select
            showSearch
            optionFilterProp="label"
            data-testid="scenario-form"
            loading={forms.isLoading}
            options={(forms.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.code} · ${lang === 'en' ? r.name_en : r.name_zh}` }))}
          />
        </Form.Item>
        <Form.Item name="context_type" label={t('forms.scenario.contextType')} required>
          <Select data-testid="scenario-type" options={SCENARIO_CONTEXT_TYPES.map((v) => ({ value: v, label: t(`forms.context.${v}`) }))} />
        </Form.Item>
        <Form.Item name="context_key" label={t('forms.scenario.contextKey')} required extra={type ? t(`forms.scenario.keyHint.${type}`) : undefined}>
          <Input data-testid="scenario-key" />
        </Form.Item>
        <Form.Item name="description" label={t('forms.description')}>
          <Input />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
