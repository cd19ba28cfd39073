// Live updates of a ticket: every change the other side makes to a ticket one takes part in
// (comment, closing, invitation) arrives as a notification on the collaboration socket
// (web/src/collab/live.ts); the screen refetches when one names this ticket.
import { useEffect, useRef } from 'react';
import { onNotification } from '@seamline/web/engine';
import { TICKET_MODULE } from '../meta';

export function useTicketLive(ticketId: string | null, onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!ticketId) return undefined;
    const stop = onNotification((msg) => {
      if (msg.module === TICKET_MODULE && msg.related_key === ticketId) latest.current();
    });
    return () => {
      stop();
    };
  }, [ticketId]);
}
