// /sys/page/api-reference — the API reference for administrators (issue 28, docs/openapi.md): the
// server's OpenAPI document (GET /api/utilsapi/openapi.json, which only administrators may read: anyone else
// sees the server's 403 here) shown as operations grouped by tag, searchable, with the webhooks
// the out-API sends. Plain antd: no renderer library, nothing the CSP would have to allow.
import { useMemo, useState } from 'react';
import { Alert, Button, Collapse, Empty, Input, Result, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { apiUrl, LoadFailed, useTranslation, validToken } from '@seamline/web/engine';

type Json = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  op: Json;
}

const METHOD_COLORS: Record<string, string> = { get: 'blue', post: 'green', delete: 'red', put: 'orange', patch: 'purple' };

class Refused extends Error {
  constructor(readonly status: number) {
    super(String(status));
  }
}

async function loadDocument(): Promise<Json> {
  const token = await validToken();
  const res = await fetch(apiUrl('utilsapi/openapi.json', undefined, token));
  if (!res.ok) throw new Refused(res.status);
  return (await res.json()) as Json;
}

/** A schema in a line or a few: `$ref` names, types, enums (the JSON is one click away). */
function schemaText(schema: Json | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return String(schema.$ref).split('/').pop()!;
  if (schema.enum) return schema.enum.join(' | ');
  if (schema.anyOf) return schema.anyOf.map((s: Json) => schemaText(s)).join(' | ');
  if (schema.type === 'array') return `${schemaText(schema.items)}[]`;
  if (schema.contentSchema) return `JSON: ${schemaText(schema.contentSchema)}`;
  return [schema.type ?? 'any', schema.format, schema.pattern ? `/${schema.pattern}/` : ''].filter(Boolean).join(' ');
}

function Fields({ title, fields, required = [] }: { title: string; fields: Record<string, Json>; required?: string[] }) {
  const entries = Object.entries(fields);
  if (entries.length === 0) return null;
  return (
    <div style={{ marginTop: 8 }}>
      <Typography.Text strong>{title}</Typography.Text>
      <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
        {entries.map(([name, s]) => (
          <li key={name} style={{ wordBreak: 'break-word' }}>
            <Typography.Text code>{name}</Typography.Text>
            {required.includes(name) ? <Typography.Text type="danger"> *</Typography.Text> : null} <Typography.Text type="secondary">{schemaText(s)}</Typography.Text>
            {s.description ? <div>{s.description}</div> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function OperationDetail({ op }: { op: Json }) {
  const { t } = useTranslation();
  const params: Json[] = op.parameters ?? [];
  const content = op.requestBody?.content ?? {};
  const form = content['application/x-www-form-urlencoded']?.schema ?? content['multipart/form-data']?.schema ?? content['application/json']?.schema;
  const ok = op.responses?.['200']?.content ?? op.responses?.['2XX']?.content;
  const okType = ok ? Object.keys(ok)[0] : undefined;
  const results = okType === 'application/json' ? ok[okType].schema?.properties?.data?.properties?.results : undefined;
  return (
    <div data-testid="api-operation-detail">
      {op.description ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{op.description}</Typography.Paragraph> : null}
      <Fields
        title={t('apiref.parameters')}
        fields={Object.fromEntries(params.map((p) => [`${p.name} (${p.in})`, { ...p.schema, description: p.description }]))}
        required={params.filter((p) => p.required).map((p) => `${p.name} (${p.in})`)}
      />
      {form ? <Fields title={t('apiref.body')} fields={form.properties ?? {}} required={form.required} /> : null}
      <div style={{ marginTop: 8 }}>
        <Typography.Text strong>{t('apiref.response')}</Typography.Text>{' '}
        <Typography.Text type="secondary">{results ? schemaText(results) : okType ?? ''}</Typography.Text>
      </div>
      <Collapse
        size="small"
        ghost
        items={[{ key: 'json', label: t('apiref.json'), children: <pre style={{ fontSize: 12, overflowX: 'auto', maxHeight: 360 }}>{JSON.stringify(op, null, 2)}</pre> }]}
      />
    </div>
  );
}

function OperationList({ ops }: { ops: Operation[] }) {
  return (
    <Collapse
      size="small"
      items={ops.map(({ method, path, op }) => ({
        key: `${method} ${path}`,
        label: (
          <span style={{ wordBreak: 'break-all' }} data-testid="api-operation">
            <Tag color={METHOD_COLORS[method] ?? 'default'}>{method.toUpperCase()}</Tag>
            <Typography.Text code>{path}</Typography.Text> <Typography.Text type="secondary">{op.summary}</Typography.Text>
          </span>
        ),
        children: <OperationDetail op={op} />,
      }))}
    />
  );
}

export default function ApiReferencePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const doc = useQuery({ queryKey: ['openapi.json'], queryFn: loadDocument, retry: false, staleTime: Infinity });

  const groups = useMemo(() => {
    const out = new Map<string, Operation[]>();
    const needle = search.trim().toLowerCase();
    for (const [path, item] of Object.entries((doc.data?.paths ?? {}) as Record<string, Json>)) {
      for (const [method, op] of Object.entries(item)) {
        if (needle && !`${method} ${path} ${op.summary ?? ''}`.toLowerCase().includes(needle)) continue;
        const tag = op.tags?.[0] ?? '';
        out.set(tag, [...(out.get(tag) ?? []), { method, path, op }]);
      }
    }
    return [...out].sort(([a], [b]) => a.localeCompare(b));
  }, [doc.data, search]);

  if (doc.error instanceof Refused && (doc.error.status === 403 || doc.error.status === 401)) {
    return (
      <div data-testid="forbidden">
        <Result status="403" title="403" subTitle={t('http.forbidden')} />
      </div>
    );
  }
  if (doc.isError) return <LoadFailed onRetry={() => void doc.refetch()} />;
  if (!doc.data) return <Spin />;

  const download = () => {
    const url = URL.createObjectURL(new Blob([JSON.stringify(doc.data, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'seamline-openapi.json';
    a.click();
    URL.revokeObjectURL(url);
  };
  const webhooks = Object.entries((doc.data.webhooks ?? {}) as Record<string, Json>).map(([name, item]) => ({ method: 'post', path: name, op: item.post }));
  const count = groups.reduce((n, [, ops]) => n + ops.length, 0);

  return (
    <div style={{ padding: 16, maxWidth: 1100, minWidth: 0, overflowWrap: 'anywhere', overflowX: 'auto' }} data-testid="api-reference">
      <Typography.Title level={3}>{t('apiref.title')}</Typography.Title>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('apiref.intro', { version: doc.data.info?.version ?? '' })} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          style={{ width: 'min(420px, 90vw)' }}
          placeholder={t('apiref.search')}
          aria-label={t('apiref.search')}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="api-search"
        />
        <Button onClick={download} data-testid="api-download">
          {t('apiref.download')}
        </Button>
        <Typography.Text type="secondary" data-testid="api-count">
          {t('apiref.count', { count })}
        </Typography.Text>
      </Space>
      {groups.length === 0 ? <Empty description={t('apiref.none')} /> : null}
      <Collapse
        items={groups.map(([tag, ops]) => ({
          key: tag,
          label: (
            <span data-testid="api-tag">
              <Typography.Text strong>{tag}</Typography.Text> <Typography.Text type="secondary">({ops.length})</Typography.Text>
            </span>
          ),
          children: <OperationList ops={ops} />,
        }))}
      />
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        {t('apiref.webhooks')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('apiref.webhooksHint')}</Typography.Paragraph>
      <OperationList ops={webhooks} />
    </div>
  );
}
