// One node's every field (FLOW-02): a drawer opened from the table or the diagram. Each change
// goes straight into the designer's process, so the table and the diagram follow as you type.
import { useEffect } from 'react';
import { AutoComplete, Drawer, Form, Input, InputNumber, Radio, Select, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPROVE_TYPES, AUTHORITY_TYPES, REJECT_TYPES, SIGN_TYPES, pickLabel } from '@seamline/core';
import { useApiQuery, useLang } from '@seamline/web/engine';
import { needsPositions, needsRoles, type DesignNode } from './model';

const PRESET_COLORS = ['blue', 'green', 'orange', 'red', 'purple', 'cyan', 'gold', 'magenta', 'geekblue', 'volcano', 'lime'];

interface Option {
  value: string;
  label: { en: string; zh: string };
}

export function useFlowOptions() {
  const lang = useLang();
  const opts = (list: readonly Option[]) => list.map((o) => ({ value: o.value, label: pickLabel(o.label, lang) }));
  return {
    authority: opts(AUTHORITY_TYPES),
    sign: opts(SIGN_TYPES),
    reject: opts(REJECT_TYPES),
    approve: opts(APPROVE_TYPES),
    labelOf: (list: readonly Option[], value: string) => {
      const o = list.find((x) => x.value === value);
      return o ? pickLabel(o.label, lang) : value;
    },
  };
}

interface PageRows<T> {
  rows: T[];
}

/** The company's positions (masterdata) for the position authorities. */
function PositionSelect(props: { value?: string[]; onChange?: (v: string[]) => void; id?: string; disabled?: boolean }) {
  const positions = useApiQuery<PageRows<{ code: string; name: string }>>('mdapi/position/page-list', { q: {}, p: { page: 1, size: 200, sort: [] } }, { staleTime: 60_000 });
  const options = (positions.data?.rows ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }));
  return <Select mode="tags" {...props} options={options} style={{ width: '100%' }} optionFilterProp="label" />;
}

/** The company's users for the node's fixed approvers. */
function UserSelect(props: { value?: string[]; onChange?: (v: string[]) => void; id?: string; disabled?: boolean }) {
  const users = useApiQuery<{ value: string; label: string | null; username: string }[]>('utilsapi/users/options', {}, { staleTime: 60_000 });
  const options = (users.data ?? []).map((u) => ({ value: u.value, label: u.label ? `${u.label} (${u.username})` : u.username }));
  return <Select mode="multiple" {...props} options={options} style={{ width: '100%' }} optionFilterProp="label" />;
}

export interface NodeEditorProps {
  node: DesignNode | null;
  open: boolean;
  readOnly?: boolean;
  /** Field errors of this node (client validation or the server's 11000). */
  errors?: Record<string, string[]>;
  onChange: (patch: Partial<DesignNode>) => void;
  onClose: () => void;
}

export function NodeEditor({ node, open, readOnly, errors = {}, onChange, onClose }: NodeEditorProps) {
  const { t } = useTranslation();
  const options = useFlowOptions();
  const [form] = Form.useForm<DesignNode>();
  const authority = Form.useWatch('authority', form) ?? node?.authority ?? '';

  // The drawer follows the chosen node (the diagram or the table may change it underneath).
  useEffect(() => {
    if (node) form.setFieldsValue(node);
  }, [node, form]);

  const item = (name: keyof DesignNode, label: string, child: React.ReactNode, extra?: { valuePropName?: string }) => (
    <Form.Item
      name={name}
      label={label}
      validateStatus={errors[name]?.length ? 'error' : undefined}
      help={errors[name]?.length ? errors[name].join(', ') : undefined}
      {...extra}
    >
      {child}
    </Form.Item>
  );

  return (
    <Drawer
      open={open && !!node}
      onClose={onClose}
      title={node ? `${t('flow.node.edit')} ${node.seq} ${node.text}` : ''}
      width={460}
      destroyOnHidden={false}
      data-testid="node-editor"
    >
      {node && (
        <Form
          form={form}
          layout="vertical"
          name="flow-node"
          disabled={readOnly}
          initialValues={node}
          onValuesChange={(changed: Partial<DesignNode>) => onChange(changed)}
        >
          {item('seq', t('flow.node.seq'), <InputNumber min={0} precision={0} style={{ width: '100%' }} />)}
          {item('status_code', t('flow.node.status'), <Input />)}
          {item('text', t('flow.node.text'), <Input />)}
          {item(
            'color',
            t('flow.node.color'),
            <AutoComplete
              options={PRESET_COLORS.map((c) => ({ value: c, label: <Tag color={c}>{c}</Tag> }))}
              placeholder="blue / #52c41a"
            />,
          )}
          {item('approve_type', t('flow.node.approveType'), <Select options={options.approve} />)}
          {item('reject_type', t('flow.node.rejectType'), <Radio.Group options={options.reject} optionType="button" />)}
          {item('steps', t('flow.node.steps'), <Select mode="tags" open={false} suffixIcon={null} />)}
          {item('launch_action', t('flow.node.launchAction'), <Input />)}
          {item('launch_text', t('flow.node.launchText'), <Input />)}
          {item('is_end', t('flow.node.isEnd'), <Switch />, { valuePropName: 'checked' })}
          {item('sign_type', t('flow.node.signType'), <Radio.Group options={options.sign} optionType="button" />)}
          {item('authority', t('flow.node.authority'), <Select options={options.authority} data-testid="node-authority" />)}
          {needsPositions(authority) && item('positions', t('flow.node.positions'), <PositionSelect />)}
          {needsRoles(authority) && item('roles', t('flow.node.roles'), <Select mode="tags" open={false} suffixIcon={null} />)}
          {item('users', t('flow.node.users'), <UserSelect />)}
        </Form>
      )}
    </Drawer>
  );
}
