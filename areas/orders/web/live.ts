// Live updates of shared orders: every step the other company takes arrives as a notification on
// the collaboration socket (module ORDERS, related key = the document id); the screens refetch.
import { useEffect, useRef } from 'react';
import { onNotification } from '@seamline/web/engine';

export const ORDERS_MODULE = 'ORDERS';

/** Calls onChange when a notification names one of the ids (or any orders notification without ids). */
export function useOrdersLive(ids: readonly string[] | null, onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  const key = ids ? ids.join(',') : '*';
  useEffect(() => {
    const wanted = key === '*' ? null : new Set(key.split(','));
    return onNotification((msg) => {
      if (msg.module === ORDERS_MODULE && (!wanted || wanted.has(msg.related_key))) latest.current();
    });
  }, [key]);
}
