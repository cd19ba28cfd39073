// Show, hide and reorder a list's columns (saved per route). Up / down buttons instead of
// drag and drop, so the keyboard does everything the mouse does.
import { Button, Checkbox, List, Popover, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { useColumnSettings } from './columnSettings';

export function ColumnSettingsButton({ columns, labelOf }: { columns: ReturnType<typeof useColumnSettings>; labelOf: (name: string) => string }) {
  const { t } = useTranslation();
  const content = (
    <div style={{ width: 280 }} data-testid="column-settings">
      <List
        size="small"
        dataSource={columns.order}
        renderItem={(name, i) => (
          <List.Item
            style={{ paddingInline: 0 }}
            actions={[
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
      <Space style={{ marginTop: 8 }}>
        <Button size="small" onClick={columns.reset}>
          {t('engine.columns.reset')}
        </Button>
      </Space>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('engine.columns.title')} content={content}>
      <Tooltip title={t('engine.columns.title')}>
        <Button icon={<SettingOutlined />} aria-label={t('engine.columns.title')} data-testid="columns-button" />
      </Tooltip>
    </Popover>
  );
}
