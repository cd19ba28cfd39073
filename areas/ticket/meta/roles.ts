// Ticket roles (spec §6) and what each may do. One table, read by the server (which enforces it:
// 403) and by the web (which offers only the allowed actions).
//   ADMIN     owner/admin of the ticket (its creator, the category owner, the counterpart's admins)
//   MEMBER    joined the ticket (by Join or by invitation)
//   ASSIGNED  a member of the ticket's assigned discussion group (a role of the user's company)
//   GUEST     any other user of the two companies, on a public ticket (or a company administrator)
export type TicketRole = 'ADMIN' | 'MEMBER' | 'ASSIGNED' | 'GUEST';

export type TicketAction =
  | 'comment'
  | 'flag'
  | 'join'
  | 'quit'
  | 'invite'
  | 'addAdmin'
  | 'quitAdmin'
  | 'assignGroup'
  | 'edit'
  | 'close';

export const TICKET_RIGHTS: Record<TicketAction, readonly TicketRole[]> = {
  comment: ['ADMIN', 'MEMBER', 'ASSIGNED'],
  flag: ['ADMIN', 'MEMBER', 'ASSIGNED'],
  // Joining makes a guest or a group member an explicit member.
  join: ['GUEST', 'ASSIGNED'],
  // Leave the ticket's group (an admin leaves as a whole; the last admin cannot).
  quit: ['ADMIN', 'MEMBER'],
  invite: ['ADMIN', 'MEMBER', 'ASSIGNED'],
  addAdmin: ['ADMIN'],
  quitAdmin: ['ADMIN'],
  assignGroup: ['ADMIN'],
  edit: ['ADMIN'],
  close: ['ADMIN'],
};

export function ticketCan(role: TicketRole | null | undefined, action: TicketAction): boolean {
  return !!role && TICKET_RIGHTS[action].includes(role);
}

export const ROLE_LABELS: Record<TicketRole, { en: string; zh: string }> = {
  ADMIN: { en: 'Admin', zh: '管理员' },
  MEMBER: { en: 'Member', zh: '成员' },
  ASSIGNED: { en: 'Assigned group', zh: '指派讨论组' },
  GUEST: { en: 'Guest', zh: '访客' },
};
