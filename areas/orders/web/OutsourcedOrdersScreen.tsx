// /scm/ectabindex/outsourced-order: the outsourced orders the company sent (the engine's
// status-tab list and forms; read-only once submitted) and those it received from customers on
// the platform (shared, live; confirm, complete, report progress).
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import StatusTabsScreen from '../../../web/src/engine/screens/StatusTabsScreen';
import type { TemplateProps } from '../../../web/src/router/templates';
import { SharedList } from './SharedList';

export default function OutsourcedOrdersScreen(props: TemplateProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'received' || params.get('id') ? 'received' : 'sent';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'received' ? { tab: 'received' } : {}, { replace: true })}
      destroyOnHidden
      items={[
        { key: 'sent', label: <span data-testid="tab-sent">{t('orders.tab.sent')}</span>, children: <StatusTabsScreen {...props} /> },
        { key: 'received', label: <span data-testid="tab-received-outsourced">{t('orders.tab.receivedOutsourced')}</span>, children: <SharedList entity="outsourced-order" /> },
      ]}
    />
  );
}
