// Show, hide, reorder and size a list's columns (the user's layout of this page, kept by the
// server). Up / down buttons instead of drag and drop, so the keyboard does everything the mouse
// does. Reset goes back to the company template; an administrator can save the layout as that
// template, and anyone can copy their layout to a colleague.
import { useState } from 'react';
import { Button, Checkbox, Divider, InputNumber, List, Popover, Select, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, toastSuccess } from '../../api';
import { useSessionUser } from '../../session/store';
import type { useColumnSettings } from './columnSettings';

type Settings = ReturnType<typeof useColumnSettings>;

export function ColumnSettingsButton({ columns, labelOf }: { columns: Settings; labelOf: (name: string) => string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const content = (
    <div style={{ width: 340 }} data-testid="column-settings">
      <List
        size="small"
        dataSource={columns.order}
        renderItem={(name, i) => (
          <List.Item
            style={{ paddingInline: 0 }}
            actions={[
              <InputNumber
                key="width"
                size="small"
                min={40}
                max={2000}
                step={10}
                style={{ width: 72 }}
                placeholder="auto"
                value={columns.widths[name] ?? null}
                aria-label={t('engine.columns.width', { name: labelOf(name) })}
                onChange={(v) => columns.setWidth(name, typeof v === 'number' ? v : null)}
                data-testid={`column-width-${name}`}
              />,
              <Button
                key="up"
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                aria-label={t('engine.columns.up', { name: labelOf(name) })}
                onClick={() => columns.move(name, -1)}
              />,
              <Button
                key="down"
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={i === columns.order.length - 1}
                aria-label={t('engine.columns.down', { name: labelOf(name) })}
                onClick={() => columns.move(name, 1)}
              />,
            ]}
          >
            <Checkbox checked={!columns.hidden.has(name)} onChange={() => columns.toggle(name)} data-testid={`column-toggle-${name}`}>
              {labelOf(name)}
            </Checkbox>
          </List.Item>
        )}
      />
      <Space style={{ marginTop: 8 }} wrap>
        <Button size="small" onClick={() => void columns.reset()} data-testid="columns-reset">
          {t('engine.columns.reset')}
        </Button>
        {columns.canSaveCompany && (
          <Button
            size="small"
            onClick={async () => {
              await columns.saveAsCompany();
              toastSuccess(t('engine.columns.companySaved'));
            }}
            data-testid="columns-save-company"
          >
            {t('engine.columns.saveCompany')}
          </Button>
        )}
      </Space>
      {open && <CopyLayout columns={columns} />}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('engine.columns.title')} content={content} open={open} onOpenChange={setOpen}>
      <Tooltip title={t('engine.columns.title')}>
        <Button icon={<SettingOutlined />} aria-label={t('engine.columns.title')} data-testid="columns-button" />
      </Tooltip>
    </Popover>
  );
}

/** Copy the layout to colleagues (members of the same company, from the users picker). */
function CopyLayout({ columns }: { columns: Settings }) {
  const { t } = useTranslation();
  const [to, setTo] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const me = useSessionUser()?.id;
  const users = useQuery({
    queryKey: ['utilsapi/users/options', search],
    queryFn: () => api.get<Array<{ value: string; label: string | null; username: string }>>('utilsapi/users/options', { search }, { notify: false }),
  });
  return (
    <>
      <Divider style={{ margin: '8px 0' }} />
      <Space.Compact style={{ width: '100%' }}>
        <Select
          mode="multiple"
          size="small"
          style={{ flex: 1 }}
          placeholder={t('engine.columns.copyTo')}
          aria-label={t('engine.columns.copyTo')}
          value={to}
          onChange={setTo}
          filterOption={false}
          onSearch={setSearch}
          options={(users.data ?? []).filter((u) => u.value !== me).map((u) => ({ value: u.value, label: u.label ? `${u.label} (${u.username})` : u.username }))}
          data-testid="columns-copy-to"
        />
        <Button
          size="small"
          disabled={to.length === 0}
          onClick={async () => {
            await columns.copyTo(to);
            setTo([]);
            toastSuccess(t('engine.columns.copied'));
          }}
          data-testid="columns-copy"
        >
          {t('engine.columns.copy')}
        </Button>
      </Space.Compact>
    </>
  );
}
