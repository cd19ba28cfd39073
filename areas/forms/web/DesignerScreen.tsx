// /sys/page/dynamic-form(?id=): the form designer. The form's code and names, its field table
// (add, edit, remove, reorder — every action a button, so the keyboard reaches it; Enter on a row
// edits it) and a live preview that renders the designed form through the engine's own entity form
// with its validation. The designer's checks are core's, run here before saving and on the server.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Input, Popconfirm, Row, Skeleton, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SaveOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { defaultValues, type FieldErrors } from '@seamline/core';
import {
  FieldErrorsError, openableRow, toastError, toastSuccess, SpecForm, useLang, EntityForm, LoadFailed, useSessionContext, type TemplateProps,
} from '@seamline/web/engine';
import { designerErrors, tryFormEntityDef, type DesignedField, type DesignedForm, type StoredForm } from '../meta';
import { BilingualInputs } from './BilingualInputs';
import { useFormView, useSaveForm } from './api';
import { FieldEditor } from './FieldEditor';
import { ValuesPanel } from './ValuesPanel';
import { FORMS_LIST_PATH, designerPath } from './paths';
import './register-messages';

type Header = Pick<DesignedForm, 'code' | 'name_en' | 'name_zh' | 'description'>;
type RowErrors = Record<string, string[]>;

const rowsOf = (errors: FieldErrors): Array<RowErrors | null> =>
  Array.isArray(errors.fields) && errors.fields.some((x) => x !== null && typeof x === 'object') ? (errors.fields as Array<RowErrors | null>) : [];

export default function DesignerScreen(_props: TemplateProps) {
  const [params] = useSearchParams();
  const id = params.get('id') || null;
  const view = useFormView(id);
  if (id && view.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (id && view.isError) return <LoadFailed onRetry={() => void view.refetch()} />;
  return <Designer key={id ?? 'new'} stored={id ? (view.data ?? null) : null} />;
}

function Designer({ stored }: { stored: StoredForm | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [headerForm] = Form.useForm<Header>();
  const [fields, setFields] = useState<DesignedField[]>(stored?.fields ?? []);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors | null>(null);
  const [tried, setTried] = useState(false);
  const header = (Form.useWatch((v: Header) => v, headerForm) as Header | undefined) ?? {
    code: stored?.code ?? '',
    name_en: stored?.name_en ?? '',
    name_zh: stored?.name_zh ?? '',
    description: stored?.description ?? '',
  };
  const save = useSaveForm();
  const storedDef = useMemo(() => (stored ? tryFormEntityDef(stored, lang).def : null), [stored, lang]);

  const designed: DesignedForm = { ...header, fields };
  const errors = useMemo(() => serverErrors ?? designerErrors(designed, lang), [serverErrors, designed, lang]);
  const fieldRows = rowsOf(errors);
  const formLevel = typeof errors.fields?.[0] === 'string' ? (errors.fields as string[]) : [];

  // The header inputs show their messages once the user tried to save (or the server answered).
  useEffect(() => {
    if (!tried) return;
    headerForm.setFields((['code', 'name_en', 'name_zh'] as const).map((n) => ({ name: n, errors: (errors[n] as string[] | undefined) ?? [] })));
  }, [errors, tried, headerForm]);

  const change = (next: DesignedField[]) => {
    setFields(next);
    setServerErrors(null);
  };
  const move = (i: number, by: number) => {
    const next = [...fields];
    const [f] = next.splice(i, 1);
    next.splice(i + by, 0, f);
    change(next);
  };

  /** The messages a field would get at position `at` of the form (new: appended). */
  const checkAt = (at: number | 'new') => (f: DesignedField) => {
    const next = at === 'new' ? [...fields, f] : fields.map((x, i) => (i === at ? f : x));
    const index = at === 'new' ? next.length - 1 : at;
    const rows = rowsOf(designerErrors({ ...header, fields: next }, lang));
    return rows[index] ?? {};
  };

  const submit = async () => {
    setTried(true);
    const current = designerErrors(designed, lang);
    if (Object.keys(current).length > 0) {
      setServerErrors(null);
      toastError(t('form.correctInput'));
      return;
    }
    try {
      const saved = await save.mutateAsync({ ...designed, id: stored?.id, version: stored?.version });
      toastSuccess(t('forms.saved'));
      navigate(designerPath(saved.id), { replace: true });
    } catch (err) {
      if (err instanceof FieldErrorsError) setServerErrors(err.errors as FieldErrors);
    }
  };

  const label = (f: DesignedField) => (lang === 'en' ? f.label_en : f.label_zh) || f.field;
  const columns = [
    { title: '#', key: 'seq', width: 48, render: (_: unknown, __: DesignedField, i: number) => i + 1 },
    {
      title: t('forms.field.field'),
      key: 'field',
      render: (_: unknown, f: DesignedField, i: number) => (
        <div>
          <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
            {f.field || '—'}
          </Typography.Text>
          {fieldRows[i] && (
            <div className="ant-form-item-explain-error" role="alert" data-testid={`field-errors-${i}`}>
              {Object.values(fieldRows[i]!).flat().join(',')}
            </div>
          )}
        </div>
      ),
    },
    { title: t('forms.name'), key: 'label', render: (_: unknown, f: DesignedField) => label(f) },
    { title: t('forms.field.type'), key: 'type', render: (_: unknown, f: DesignedField) => t(`forms.type.${f.type}`) },
    {
      title: t('forms.field.validations'),
      key: 'rules',
      render: (_: unknown, f: DesignedField) => (
        <Space size={[4, 4]} wrap>
          {f.required && <Tag color="red">{t('forms.field.required')}</Tag>}
          {(f.validations ?? []).map((r) => (
            <Tag key={r.type}>{t(`forms.validator.${r.type}`)}</Tag>
          ))}
          {f.visibleWhen && <Tag color="blue">{t('forms.field.visibleWhen')}</Tag>}
          {f.disabledWhen && <Tag color="purple">{t('forms.field.disabledWhen')}</Tag>}
          {f.isNotPost && <Tag>isNotPost</Tag>}
        </Space>
      ),
    },
    {
      title: t('forms.actions'),
      key: 'actions',
      width: 190,
      render: (_: unknown, f: DesignedField, i: number) => (
        <Space size={4}>
          <Tooltip title={t('forms.moveUp')}>
            <Button size="small" icon={<ArrowUpOutlined />} aria-label={`${t('forms.moveUp')} ${f.field}`} disabled={i === 0} onClick={() => move(i, -1)} />
          </Tooltip>
          <Tooltip title={t('forms.moveDown')}>
            <Button size="small" icon={<ArrowDownOutlined />} aria-label={`${t('forms.moveDown')} ${f.field}`} disabled={i === fields.length - 1} onClick={() => move(i, 1)} />
          </Tooltip>
          <Tooltip title={t('forms.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={`${t('forms.edit')} ${f.field}`} onClick={() => setEditing(i)} data-testid={`field-edit-${i}`} />
          </Tooltip>
          <Popconfirm title={t('forms.removeFieldConfirm', { name: f.field })} onConfirm={() => change(fields.filter((_x, j) => j !== i))}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('forms.removeField')} ${f.field}`} data-testid={`field-remove-${i}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="sl-forms-designer" data-testid="forms-designer">
      <Card
        title={<span data-testid="designer-title">{stored ? `${t('forms.designerTitle')} · ${stored.code}` : t('forms.newTitle')}</span>}
        extra={
          <Space>
            <Button icon={<UnorderedListOutlined />} onClick={() => navigate(FORMS_LIST_PATH)}>
              {t('forms.backToList')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => void submit()} data-testid="designer-save">
              {t('forms.save')}
            </Button>
          </Space>
        }
      >
        <Form
          form={headerForm}
          layout="vertical"
          name="designer-header"
          initialValues={{ code: stored?.code ?? '', name_en: stored?.name_en ?? '', name_zh: stored?.name_zh ?? '', description: stored?.description ?? '' }}
          onValuesChange={() => setServerErrors(null)}
        >
          <Row gutter={16}>
            <Col xs={24} sm={6}>
              <Form.Item name="code" label={t('forms.code')} required>
                <Input data-testid="form-code" />
              </Form.Item>
            </Col>
            <BilingualInputs name="name" span={6} labels={{ en: t('forms.nameEn'), zh: t('forms.nameZh') }} testId="form-name" />
            <Col xs={24} sm={6}>
              <Form.Item name="description" label={t('forms.description')}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24}>
          <Card
            title={t('forms.fields')}
            extra={
              <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="field-add">
                {t('forms.addField')}
              </Button>
            }
          >
            {tried && formLevel.length > 0 && <Alert type="error" showIcon message={formLevel.join(',')} style={{ marginBottom: 12 }} />}
            <Table<DesignedField>
              size="small"
              rowKey={(_f, i) => String(i)}
              dataSource={fields}
              columns={columns}
              pagination={false}
              locale={{ emptyText: <Empty description={t('forms.noFieldsYet')} /> }}
              data-testid="designer-fields"
              onRow={(_f, i) => openableRow(() => i !== undefined && setEditing(i))}
            />
          </Card>
        </Col>
        <Col xs={24} style={{ marginTop: 16 }}>
          <Preview designed={designed} />
          {/* The values as stored, read with the form as saved (not the unsaved edits). */}
          {storedDef && stored && <ValuesPanel formId={stored.id} def={storedDef} />}
        </Col>
      </Row>
      <FieldEditor
        open={editing !== null}
        field={editing === null || editing === 'new' ? null : fields[editing]}
        check={checkAt(editing ?? 'new')}
        onCancel={() => setEditing(null)}
        onApply={(f) => {
          change(editing === 'new' || editing === null ? [...fields, f] : fields.map((x, i) => (i === editing ? f : x)));
          setEditing(null);
        }}
      />
    </div>
  );
}

/** The designed form through the engine's entity form: defaults, conditions and validation live. */
function Preview({ designed }: { designed: DesignedForm }) {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSessionContext();
  const [form] = Form.useForm();
  // Code and names do not matter to the preview; only the fields do.
  const probe = { ...designed, code: designed.code || 'PREVIEW', name_en: designed.name_en || 'Preview', name_zh: designed.name_zh || '预览' };
  const fieldsKey = JSON.stringify(designed.fields);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const def = useMemo(() => tryFormEntityDef(probe, lang).def, [fieldsKey, lang]);
  const initialValues = useMemo(() => (def ? defaultValues(def) : {}), [def]);
  return (
    <Card title={t('forms.preview')} data-testid="designer-preview">
      <Typography.Paragraph type="secondary">{t('forms.previewHint')}</Typography.Paragraph>
      {def && designed.fields.length > 0 ? (
        <EntityForm
          key={fieldsKey}
          def={def}
          form={form}
          name="designer-preview"
          initialValues={initialValues}
          session={session}
          routeAction="create"
          onSubmit={() => toastSuccess(t('forms.previewOk'))}
          footer={<SpecForm.Submit data-testid="preview-check">{t('forms.previewCheck')}</SpecForm.Submit>}
        />
      ) : (
        <Empty description={t('forms.previewBroken')} />
      )}
    </Card>
  );
}
