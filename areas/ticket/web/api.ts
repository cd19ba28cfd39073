// The ticket endpoints (docs/tickets.md) as the screens call them.
import { api, type PageResult } from '@seamline/web/engine';
import type { TicketRole } from '../meta';

export const TICKET_API = 'vfapi/ticket';

export interface TicketMember {
  user_id: string;
  role: 'ADMIN' | 'MEMBER';
  client_id: string;
  client_name: string;
  full_name: string;
  username: string;
}

export interface Ticket {
  id: string;
  version: number;
  code: string;
  client_id: string;
  counterpart_client_id: string;
  client_name: string;
  counterpart_name: string;
  title: string;
  design_no: string | null;
  tags: string[];
  description: string | null;
  category_id: string | null;
  category_name?: string | null;
  owner_id: string;
  owner_name: string;
  group_role_id: string | null;
  group_name?: string | null;
  status: number;
  is_public: boolean;
  duration_hours: number | null;
  due_at: string | null;
  remaining_hours: number | null;
  closing_summary: string | null;
  penalty_result: string | null;
  reasons: string[];
  deduction_amount: string | null;
  deduction_ratio: string | null;
  deduction_type: string | null;
  deduction_voucher: string | null;
  closed_at: string | null;
  created_at: string;
  my_role?: TicketRole;
  members?: TicketMember[];
}

export interface TicketComment {
  id: string;
  author_id: string;
  author_name: string;
  author_client_name: string;
  body: string | null;
  photos: string[];
  flagged: boolean;
  created_at: string;
  can_delete: boolean;
}

export type Page<T> = PageResult<T>;

export interface Option {
  value: string;
  label: string;
}

const post = <T>(path: string, data: unknown) => api.post<T>(`${TICKET_API}/${path}`, { DATA: data });

export const ticketApi = {
  list: (q: Record<string, unknown>, p: { page: number; size: number }) => api.get<Page<Ticket>>(`${TICKET_API}/page-list`, { q, p }),
  view: (key: string) => api.get<Ticket>(`${TICKET_API}/view`, { key }, { notify: false }),
  counterparts: () => api.get<Option[]>(`${TICKET_API}/counterparts`),
  categories: () =>
    api.get<Page<{ id: string; name: string; duration_hours: number }>>('vfapi/ticket-category/page-list', { p: { page: 1, size: 200 } }),
  groups: () => api.get<Option[]>(`${TICKET_API}/groups`),
  invitees: (key: string) =>
    api.get<Array<{ id: string; full_name: string; username: string; client_name: string }>>(`${TICKET_API}/invitees`, { key }),
  comments: (key: string) => api.get<{ delete_days: number; rows: TicketComment[] }>(`${TICKET_API}/comments`, { key }),
  save: (doc: Record<string, unknown>) => post<Ticket>('save', doc),
  closing: (doc: Record<string, unknown>) => post<Ticket>('closing', doc),
  close: (id: string, version: number) => post<Ticket>('close', { id, version, confirmed: true }),
  reopen: (id: string, version: number) => post<Ticket>('reopen', { id, version }),
  member: (action: 'join' | 'quit' | 'invite' | 'add-admin' | 'quit-admin' | 'assign-group', data: Record<string, unknown>) => post<Ticket | { id: string; left: true }>(action, data),
  comment: (id: string, body: string, photos: string[]) => post<TicketComment>('comment', { id, body, photos }),
  flag: (id: string, flagged: boolean) => post<{ id: string; flagged: boolean }>('comment-flag', { id, flagged }),
  deleteComment: (id: string) => post<{ deleted: number }>('comment-delete', { id }),
};
