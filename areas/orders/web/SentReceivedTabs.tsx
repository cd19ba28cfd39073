// The two tabs of an order both sides work on: the engine list of the orders the company sent,
// and those it received from others on the platform. ?tab=received opens the second.
import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';

interface Side {
  label: string;
  testId: string;
  children: ReactNode;
}

/** `idOpensReceived`: a link to one received order (?id=…) lands on the received tab. */
export function SentReceivedTabs({ sent, received, idOpensReceived = false }: { sent: Side; received: Side; idOpensReceived?: boolean }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'received' || (idOpensReceived && params.get('id')) ? 'received' : 'sent';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'received' ? { tab: 'received' } : {}, { replace: true })}
      destroyOnHidden
      items={[
        { key: 'sent', side: sent },
        { key: 'received', side: received },
      ].map(({ key, side }) => ({ key, label: <span data-testid={side.testId}>{side.label}</span>, children: side.children }))}
    />
  );
}
