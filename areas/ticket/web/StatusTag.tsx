import { Tag } from 'antd';
import { langOf } from '@seamline/core';
import { formatRemaining, TICKET_STATUSES } from '../meta';

export function StatusTag({ status, lang }: { status: number; lang: string }) {
  const s = TICKET_STATUSES.find((x) => x.value === String(status));
  return (
    <Tag color={s?.color} data-testid="ticket-status">
      {s ? s.label[langOf(lang)] : String(status)}
    </Tag>
  );
}

export function Remaining({ hours, status, lang }: { hours: number | null; status: number; lang: string }) {
  if (status === 100) return <span>—</span>;
  return (
    <span data-testid="ticket-remaining" style={{ color: hours !== null && hours < 0 ? '#cf1322' : undefined }}>
      {formatRemaining(hours, lang)}
    </span>
  );
}
