// The audit trail of a document (GET audit?id=): who changed what and when, newest first, each
// change as field, before and after, read through the same value renderer as the form.
import { Drawer, Empty, Skeleton, Table, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { childOf, pickLabel } from '@seamline/core';
import { useLang } from '../../i18n';
import { useAudit } from '../data/hooks';
import type { AuditChange, AuditEntry } from '../data/source';
import { FieldValue } from '../fields/FieldValue';
import { columnField } from '../fields/systemFields';
import { toDayjs } from '../fields/codec';
import type { EntityEntry } from '../registry';
import { LoadFailed } from '../screens/states';

const userName = (u: AuditEntry['user']) =>
  !u ? '' : typeof u === 'string' ? u : u.full_name || u.username || '';

const before = (c: AuditChange) => (c.from !== undefined ? c.from : c.old);
const after = (c: AuditChange) => (c.to !== undefined ? c.to : c.new);

export function AuditDrawer({ entry, id, open, onClose }: { entry: EntityEntry; id: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const audit = useAudit(entry, id, open);
  const { def } = entry;

  const actionText = (action: string) => {
    const tr = def.transitions?.find((x) => x.action === action);
    if (tr) return pickLabel(tr.label, lang);
    const key = `engine.audit.action.${action}`;
    const text = t(key);
    return text === key ? action : text;
  };

  const fieldLabel = (name: string) => {
    const f = columnField(def, name);
    if (f) return pickLabel(f.label, lang);
    const c = childOf(def, name);
    return c ? pickLabel(c.label, lang) : name;
  };

  const renderValue = (name: string, v: unknown) => {
    const f = columnField(def, name);
    if (!f || childOf(def, name)) return <Typography.Text type="secondary">{v === null || v === undefined ? '—' : t('engine.audit.rowsChanged')}</Typography.Text>;
    return <FieldValue field={f} value={v} def={def} compact />;
  };

  return (
    <Drawer title={t('engine.audit.title')} open={open} onClose={onClose} width={560} destroyOnHidden data-testid="audit-drawer">
      {audit.isLoading ? (
        <Skeleton active />
      ) : audit.isError ? (
        <LoadFailed onRetry={() => void audit.refetch()} />
      ) : !audit.data?.length ? (
        <Empty description={t('engine.audit.empty')} />
      ) : (
        <Timeline
          items={audit.data.map((e, i) => {
            const at = toDayjs(e.at, 'datetime');
            return {
              key: e.id ?? i,
              children: (
                <div data-testid="audit-entry">
                  <Typography.Text strong>{actionText(e.action)}</Typography.Text>
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                    {[userName(e.user), at ? at.format('YYYY-MM-DD HH:mm:ss') : e.at].filter(Boolean).join(' · ')}
                  </Typography.Text>
                  {e.changes?.length > 0 && (
                    <Table
                      size="small"
                      style={{ marginTop: 8 }}
                      pagination={false}
                      rowKey={(c) => c.field}
                      dataSource={e.changes}
                      columns={[
                        { key: 'field', title: t('engine.audit.field'), render: (_: unknown, c: AuditChange) => fieldLabel(c.field) },
                        { key: 'from', title: t('engine.audit.from'), render: (_: unknown, c: AuditChange) => renderValue(c.field, before(c)) },
                        { key: 'to', title: t('engine.audit.to'), render: (_: unknown, c: AuditChange) => renderValue(c.field, after(c)) },
                      ]}
                    />
                  )}
                </div>
              ),
            };
          })}
        />
      )}
    </Drawer>
  );
}
