// Under a saved vendor: which company on the platform it is, picked by name (issue 13) — the
// vendor's `supplier_client_id` links RFQs, outsourced orders and notifications to that company,
// and a pasted uuid was all a user could give before. Saves through the engine's own save (an
// update keeps every other field), then the form re-reads the document (its new version).
import { useState } from 'react';
import { Button, Card, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api, toastSuccess, useLang, registerDocumentExtension, type DocumentExtension } from '@seamline/web/engine';
import { mdt } from '../meta';

interface Company {
  value: string;
  label: string;
  code: string;
}

export function PlatformLink({ doc, readOnly, refresh }: { doc: Record<string, unknown>; readOnly: boolean; refresh: () => Promise<unknown> }) {
  const lang = useLang();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const linked = typeof doc.supplier_client_id === 'string' && doc.supplier_client_id ? doc.supplier_client_id : null;
  const companies = useQuery({
    queryKey: ['md', 'platform-companies', search],
    queryFn: () => api.get<Company[]>('mdapi/vendor/platform-companies', { search }),
  });
  const options = (companies.data ?? []).map((c) => ({ value: c.value, label: `${c.label} (${c.code})` }));
  const current = (companies.data ?? []).find((c) => c.value === linked);
  const link = async (value: string | null) => {
    setSaving(true);
    try {
      await api.post('mdapi/vendor/save', { DATA: JSON.stringify({ id: doc.id, version: doc.version, supplier_client_id: value }) });
      toastSuccess(mdt(lang, 'md.platformLinked'));
      setChosen(undefined);
      await refresh();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card size="small" style={{ marginTop: 12 }} title={mdt(lang, 'md.platformCompany')} data-testid="vendor-platform-link">
      <Typography.Paragraph data-testid="vendor-platform-current">
        {linked ? (current ? `${current.label} (${current.code})` : mdt(lang, 'md.platformLinkedOther')) : mdt(lang, 'md.platformNotLinked')}
      </Typography.Paragraph>
      {!readOnly && (
        <Space wrap>
          <Select
            showSearch
            allowClear
            filterOption={false}
            onSearch={setSearch}
            style={{ minWidth: 260 }}
            placeholder={mdt(lang, 'md.platformPick')}
            aria-label={mdt(lang, 'md.platformPick')}
            loading={companies.isFetching}
            options={options}
            value={chosen}
            onChange={(v) => setChosen(v ?? undefined)}
            data-testid="vendor-platform-pick"
          />
          <Button type="primary" disabled={!chosen || chosen === linked} loading={saving} onClick={() => void link(chosen!).catch(() => undefined)} data-testid="vendor-platform-save">
            {mdt(lang, 'md.platformLink')}
          </Button>
          {linked && (
            <Button danger loading={saving} onClick={() => void link(null).catch(() => undefined)} data-testid="vendor-platform-unlink">
              {mdt(lang, 'md.platformUnlink')}
            </Button>
          )}
        </Space>
      )}
    </Card>
  );
}

const platformLinkExtension: DocumentExtension = {
  render: ({ entry, doc, readOnly, refresh }) => (entry.def.name === 'vendor' && doc.id ? <PlatformLink doc={doc} readOnly={readOnly} refresh={refresh} /> : null),
};

registerDocumentExtension(platformLinkExtension);
