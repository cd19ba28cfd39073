// The actions of one list row: view and edit, then the transitions its status allows this user
// and delete (confirmed) in a 'More' menu. All are buttons, reachable with Tab and Enter.
import { Button, Dropdown, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { documentName, pickLabel, type SessionContext } from '@seamline/core';
import { useLang } from '../../i18n';
import type { Row } from '../data/source';
import { useDocumentActions } from '../form/useDocumentActions';
import type { EntityEntry } from '../registry';
import { allowedTransitions, canWrite } from '../session';

export interface RowActionsProps {
  entry: EntityEntry;
  row: Row;
  session: SessionContext;
  onView: (row: Row) => void;
  onEdit: (row: Row) => void;
  onChanged: () => void;
}

export function RowActions({ entry, row, session, onView, onEdit, onChanged }: RowActionsProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { def } = entry;
  const actions = useDocumentActions(entry, { onStale: onChanged });
  const writable = canWrite(def, session);
  const transitions = allowedTransitions(def, row, session);
  const name = documentName(def, row, lang);
  const menu = [
    ...transitions.map((tr) => ({ key: `tr:${tr.action}`, label: pickLabel(tr.label, lang) })),
    ...(writable ? [{ key: 'delete', label: t('engine.delete.action'), danger: true, icon: <DeleteOutlined /> }] : []),
  ];
  return (
    <Space size={0} onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <Tooltip title={t('engine.view')}>
        <Button type="text" size="small" icon={<EyeOutlined />} aria-label={`${t('engine.view')} ${name}`} data-testid="row-view" onClick={() => onView(row)} />
      </Tooltip>
      {writable && (
        <Tooltip title={t('engine.edit')}>
          <Button type="text" size="small" icon={<EditOutlined />} aria-label={`${t('engine.edit')} ${name}`} data-testid="row-edit" onClick={() => onEdit(row)} />
        </Tooltip>
      )}
      {menu.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: menu,
            onClick: async ({ key }) => {
              if (key === 'delete') {
                if (await actions.runDelete([row])) onChanged();
                return;
              }
              const tr = transitions.find((x) => `tr:${x.action}` === key);
              if (tr) {
                await actions.runTransition(tr, row);
                onChanged();
              }
            },
          }}
        >
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`${t('engine.more')} ${name}`} data-testid="row-more" loading={actions.busy} />
        </Dropdown>
      )}
    </Space>
  );
}
