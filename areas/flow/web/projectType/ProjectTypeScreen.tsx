// /sys/page/project-type (new, ?id= edit): a project type's flow and node status are chosen from
// the company's real flows and the chosen flow's node statuses (issue 13, CFG-15), never typed.
// The server checks the pair again (areas/flow/server/designer.ts projectTypeHooks) and its field
// messages land on the pickers. The list is the engine's index screen.
import { useEffect, useMemo, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Tag } from 'antd';
import { SaveOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '@seamline/core';
import {
  api, FieldErrorsError, toastError, toastSuccess, useLang, useDocument, useSaveDocument, type Row as Doc, entityPaths, type EntityEntry,
  routeEntity, NoEntity, canWrite, useSessionContext, type TemplateProps,
} from '@seamline/web/engine';
import '../messages';

/** docs/flow.md: GET cpm-process/options. */
export const PROCESS_OPTIONS_PATH = 'crossapi/superdesignapi/cpm-process/options';

export interface ProcessOption {
  code: string;
  name: string;
  nodes: Array<{ seq: number; status_code: string; text: string; color: string | null }>;
}

const FIELDS = ['code', 'name', 'flow', 'node_status', 'comment'] as const;

export default function ProjectTypeScreen(props: TemplateProps) {
  const entry = routeEntity(props);
  const [params] = useSearchParams();
  if (!entry) return <NoEntity opt={props.opt} />;
  const id = params.get('id') || null;
  return <ProjectTypeForm key={id ?? 'new'} entry={entry} id={id} readOnly={props.readOnly} />;
}

export function ProjectTypeForm({ entry, id, readOnly }: { entry: EntityEntry; id: string | null; readOnly?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const session = useSessionContext();
  const [form] = Form.useForm();
  const doc = useDocument(entry, id);
  const save = useSaveDocument(entry);
  const flows = useQuery({ queryKey: ['flow', 'process-options'], queryFn: () => api.get<ProcessOption[]>(PROCESS_OPTIONS_PATH), staleTime: 0 });
  const paths = entityPaths(entry);
  const writable = !readOnly && canWrite(entry.def, session);
  const label = (name: string) => pickLabel(entry.def.fields.find((f) => f.name === name)!.label, lang);

  useEffect(() => {
    if (doc.data) form.setFieldsValue(Object.fromEntries(FIELDS.map((f) => [f, doc.data[f] ?? undefined])));
  }, [doc.data, form]);

  const flow = Form.useWatch('flow', form) as string | undefined;
  const flowOptions = useMemo(
    () => (flows.data ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.code})` })),
    [flows.data],
  );
  const statusOptions = useMemo(
    () =>
      (flows.data?.find((p) => p.code === flow)?.nodes ?? []).map((n) => ({
        value: n.status_code,
        label: (
          <Space size={4}>
            <Tag color={n.color || undefined}>{n.text || n.status_code}</Tag>
            <span>{n.status_code}</span>
          </Space>
        ),
        search: `${n.text} ${n.status_code}`,
      })),
    [flows.data, flow],
  );

  const submit = async (values: Doc) => {
    const body: Doc = { ...values, flow: values.flow ?? '', node_status: values.node_status ?? '' };
    if (id && doc.data) Object.assign(body, { id, version: doc.data.version });
    try {
      const saved = await save.mutateAsync({ doc: body });
      toastSuccess(t('common.saveSuccess'));
      if (!id) navigate(paths.edit(String(saved.id)), { replace: true });
    } catch (err) {
      if (!(err instanceof FieldErrorsError)) return; // the request client reported it
      void flows.refetch(); // the flow may have changed meanwhile: offer what it has now
      const fields = Object.entries(err.errors).filter(([f]) => (FIELDS as readonly string[]).includes(f));
      form.setFields(fields.map(([name, errors]) => ({ name, errors: (errors as string[]).map(String) })));
      toastError(t('form.correctInput'));
    }
  };

  if (id && doc.isLoading) return <Card loading />;
  if ((id && doc.isError) || flows.isError) return <Alert type="error" showIcon message={t('common.loadingFailed')} />;

  const required = [{ required: true, message: t('val.required') }];
  /** A field in the two-column grid (one column on a phone; `wide`: the whole row), labelled from the definition. */
  const cell = (name: (typeof FIELDS)[number], input: ReactNode, rules?: typeof required, wide = false) => (
    <Col xs={24} sm={wide ? 24 : 12}>
      <Form.Item name={name} label={label(name)} rules={rules}>
        {input}
      </Form.Item>
    </Col>
  );
  return (
    <Card
      title={pickLabel(entry.def.label, lang)}
      extra={
        <Button icon={<UnorderedListOutlined />} onClick={() => navigate(paths.index)} data-testid="back-to-list">
          {t('engine.backToList')}
        </Button>
      }
    >
      <Form form={form} layout="vertical" name="project-type" disabled={!writable} onFinish={submit} onFinishFailed={() => toastError(t('form.correctInput'))}>
        <Row gutter={16}>
          {cell('code', <Input maxLength={64} />, required)}
          {cell('name', <Input maxLength={200} />, required)}
          {cell(
            'flow',
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              loading={flows.isLoading}
              options={flowOptions}
              placeholder={t('flow.projectType.pickFlow')}
              data-testid="pt-flow"
              // Another flow's statuses do not apply: the status is chosen again.
              onChange={() => form.setFieldValue('node_status', undefined)}
            />,
          )}
          {cell(
            'node_status',
            <Select
              allowClear
              showSearch
              optionFilterProp="search"
              disabled={!writable || !flow}
              options={statusOptions}
              placeholder={t(flow ? 'flow.projectType.pickStatus' : 'flow.projectType.pickFlowFirst')}
              data-testid="pt-node-status"
            />,
          )}
          {cell('comment', <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />, undefined, true)}
        </Row>
        {writable && (
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="pt-save">
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
