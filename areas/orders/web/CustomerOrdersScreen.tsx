// /scm/index/customer-order: the company's customer orders (received — the engine's list and
// forms) and the orders it placed on suppliers on the platform (shared with them, live).
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IndexScreen, type TemplateProps } from '@seamline/web/engine';
import { PlaceOrder } from './PlaceOrder';
import { SharedList } from './SharedList';

export default function CustomerOrdersScreen(props: TemplateProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'placed' || params.get('id') ? 'placed' : 'received';
  const go = (key: string) => setParams(key === 'placed' ? { tab: 'placed' } : {}, { replace: true });
  return (
    <Tabs
      activeKey={tab}
      onChange={go}
      destroyOnHidden
      items={[
        { key: 'received', label: <span data-testid="tab-received">{t('orders.tab.received')}</span>, children: <IndexScreen {...props} /> },
        {
          key: 'placed',
          label: <span data-testid="tab-placed">{t('orders.tab.placed')}</span>,
          children: <SharedList entity="customer-order" extra={<PlaceOrder onPlaced={(doc) => setParams({ tab: 'placed', id: String(doc.id) }, { replace: true })} />} />,
        },
      ]}
    />
  );
}
