// /scm/ectabindex/outsourced-order: the outsourced orders the company sent (the engine's
// status-tab list and forms; read-only once submitted) and those it received from customers on
// the platform (shared, live; confirm, complete, report progress).
import { useTranslation } from 'react-i18next';
import { StatusTabsScreen, type TemplateProps } from '@seamline/web/engine';
import { SentReceivedTabs } from './SentReceivedTabs';
import { SharedList } from './SharedList';

export default function OutsourcedOrdersScreen(props: TemplateProps) {
  const { t } = useTranslation();
  return (
    <SentReceivedTabs
      idOpensReceived
      sent={{ label: t('orders.tab.sent'), testId: 'tab-sent', children: <StatusTabsScreen {...props} /> }}
      received={{ label: t('orders.tab.receivedOutsourced'), testId: 'tab-received-outsourced', children: <SharedList entity="outsourced-order" /> }}
    />
  );
}
