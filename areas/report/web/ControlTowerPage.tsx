// /rpt/dsrptindex/control-tower (menu RPT_CONTROL_TOWER): the workbench's control tower per role —
// a buyer, a planner, a factory manager and a quality manager each see first the figures they
// check (meta/tower.ts), drawn by the workbench's own ControlTower (each a click to its list).
import { Alert, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiQuery, ControlTower, useSessionUser } from '@seamline/web/engine';
import { RPT, type TowerRole } from './api';
import './register-messages';

export default function ControlTowerPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const roles = useApiQuery<TowerRole[]>(RPT.towerRoles, undefined, { notify: false });
  if (roles.isPending) return <Skeleton active />;
  if (roles.isError) return <Alert type="warning" message={t('common.loadingFailed')} />;
  const mine = new Set(user?.dashroles ?? []);
  const isMine = (r: TowerRole) => r.roles.some((code) => mine.has(code));
  const first = roles.data.find((r) => r.own) ?? roles.data.find(isMine) ?? roles.data[0];
  return (
    <div data-testid="control-tower-page">
      <Typography.Paragraph type="secondary">{t('rpt.towerIntro')}</Typography.Paragraph>
      <Tabs
        defaultActiveKey={first?.key}
        items={roles.data.map((r) => ({
          key: r.key,
          label: (
            <span data-testid={`tower-role-${r.key}`}>
              {r.label} {isMine(r) && <Tag color="blue">{t('rpt.yourRoles')}</Tag>}
            </span>
          ),
          children: <ControlTower only={r.counters} />,
        }))}
      />
    </div>
  );
}
