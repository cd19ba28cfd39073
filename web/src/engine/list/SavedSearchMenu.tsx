// Named searches of a list: 'Save search as…' keeps the current q and p under a name in the
// user's settings (save-setting), so they follow the user to any browser; choosing one applies it.
import { useState } from 'react';
import { Button, Dropdown, Form, Input, Modal } from 'antd';
import { DeleteOutlined, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../api';
import { useSessionUser } from '../../session/store';
import type { ListPage, ListQuery } from '../data/source';
import { namedSearches, removeNamedSearch, saveNamedSearch, type SavedSearch } from './savedSearch';

export interface SavedSearchMenuProps {
  routeKey: string;
  current: { q: ListQuery; p: ListPage; tab?: string };
  onApply: (search: SavedSearch) => void;
}

export function SavedSearchMenu({ routeKey, current, onApply }: SavedSearchMenuProps) {
  const { t } = useTranslation();
  useSessionUser(); // re-read the named searches when the settings change
  const named = namedSearches(routeKey);
  const [naming, setNaming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const save = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await saveNamedSearch(routeKey, { name: name.trim(), ...current });
      toastSuccess(t('engine.search.saved'));
      setNaming(false);
      form.resetFields();
    } catch {
      // reported by the request client
    } finally {
      setSaving(false);
    }
  };

  const items = [
    { key: 'save', label: t('engine.search.saveAs') },
    ...(named.length ? [{ type: 'divider' as const }] : []),
    ...named.map((s) => ({
      key: `apply:${s.name}`,
      label: (
        <span className="sl-named-search">
          <span>{s.name}</span>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('engine.search.remove', { name: s.name })}
            onClick={(e) => {
              e.stopPropagation();
              void removeNamedSearch(routeKey, s.name);
            }}
          />
        </span>
      ),
    })),
  ];

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'save') setNaming(true);
            else {
              const s = named.find((x) => `apply:${x.name}` === key);
              if (s) onApply(s);
            }
          },
        }}
      >
        <Button icon={<StarOutlined />} data-testid="saved-searches">
          {t('engine.search.menu')}
        </Button>
      </Dropdown>
      <Modal
        open={naming}
        title={t('engine.search.saveAs')}
        okText={t('common.save')}
        cancelText={t('engine.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setNaming(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="name"
            label={t('engine.search.name')}
            rules={[{ required: true, whitespace: true, message: t('val.required') }]}
          >
            <Input autoFocus maxLength={40} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
