// Ticket roles (spec §6, TKT-08..12): the member list and the actions the caller's role allows —
// the same TICKET_RIGHTS table the server enforces (a guest sees no Invite or Add-admin).
import { useState } from 'react';
import { Button, Card, List, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ROLE_LABELS, ticketCan } from '../meta';
import { ticketApi, type Ticket } from './api';
import { tt } from './texts';

export function Members({ ticket, lang, userId, onChange }: { ticket: Ticket; lang: string; userId?: string; onChange: (t: Ticket | { id: string; left: true }) => void }) {
  const role = ticket.my_role;
  const open = ticket.status !== 100;
  const [picking, setPicking] = useState<null | 'invite' | 'add-admin'>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const invitees = useQuery({ queryKey: ['ticket', 'invitees', ticket.id, ticket.version], queryFn: () => ticketApi.invitees(ticket.id), enabled: picking !== null });
  const groups = useQuery({ queryKey: ['ticket', 'groups'], queryFn: ticketApi.groups, enabled: ticketCan(role, 'assignGroup') && open });
  const act = async (action: Parameters<typeof ticketApi.member>[0], data: Record<string, unknown> = {}) => onChange(await ticketApi.member(action, { id: ticket.id, ...data }));
  const l = lang === 'en' ? 'en' : 'zh';
  // People to pick, grouped under their company (the two companies of the ticket): the server
  // offers only users who can open tickets; a search matches the person or the company.
  const people = picking === 'add-admin'
    ? [
        ...(ticket.members ?? []).filter((m) => m.role !== 'ADMIN').map((m) => ({ value: m.user_id, name: m.full_name, company: m.client_name })),
        ...(invitees.data ?? []).map((u) => ({ value: u.id, name: u.full_name, company: u.client_name })),
      ]
    : (invitees.data ?? []).map((u) => ({ value: u.id, name: u.full_name, company: u.client_name }));
  const pickable = people.filter((p) => p.value !== userId);
  const candidates = [...new Set(pickable.map((p) => p.company))].map((company) => ({
    label: company,
    title: company,
    options: pickable.filter((p) => p.company === company).map((p) => ({ value: p.value, label: p.name, search: `${p.name} ${company}`.toLowerCase() })),
  }));

  return (
    <Card size="small" title={tt(lang, 'members')} data-testid="ticket-members" extra={<Tag color="blue" data-testid="ticket-my-role">{role ? ROLE_LABELS[role][l] : ''}</Tag>}>
      <List
        size="small"
        dataSource={ticket.members ?? []}
        renderItem={(m) => (
          <List.Item data-testid={`member-${m.username}`}>
            <Space>
              <span>{m.full_name}</span>
              <span style={{ color: '#888' }}>{m.client_name}</span>
            </Space>
            <Tag color={m.role === 'ADMIN' ? 'gold' : 'default'}>{ROLE_LABELS[m.role][l]}</Tag>
          </List.Item>
        )}
      />
      {open && (
        <Space wrap style={{ marginTop: 8 }}>
          {ticketCan(role, 'join') && (
            <Button size="small" type="primary" onClick={() => act('join')} data-testid="ticket-join">
              {tt(lang, 'join')}
            </Button>
          )}
          {ticketCan(role, 'invite') && (
            <Button size="small" onClick={() => { setChosen([]); setPicking('invite'); }} data-testid="ticket-invite">
              {tt(lang, 'invite')}
            </Button>
          )}
          {ticketCan(role, 'addAdmin') && (
            <Button size="small" onClick={() => { setChosen([]); setPicking('add-admin'); }} data-testid="ticket-add-admin">
              {tt(lang, 'addAdmin')}
            </Button>
          )}
          {ticketCan(role, 'quitAdmin') && (
            <Popconfirm title={tt(lang, 'quitAdminConfirm')} okText={tt(lang, 'ok')} cancelText={tt(lang, 'cancel')} onConfirm={() => act('quit-admin')}>
              <Button size="small" data-testid="ticket-quit-admin">{tt(lang, 'quitAdmin')}</Button>
            </Popconfirm>
          )}
          {ticketCan(role, 'quit') && (
            <Popconfirm title={tt(lang, 'quitConfirm')} okText={tt(lang, 'ok')} cancelText={tt(lang, 'cancel')} onConfirm={() => act('quit')}>
              <Button size="small" danger data-testid="ticket-quit">{tt(lang, 'quit')}</Button>
            </Popconfirm>
          )}
        </Space>
      )}
      <div style={{ marginTop: 12 }}>
        <span style={{ marginRight: 8 }}>{tt(lang, 'group')}:</span>
        {ticketCan(role, 'assignGroup') && open ? (
          <Select
            size="small"
            style={{ minWidth: 180 }}
            value={ticket.group_role_id && ticket.group_name ? ticket.group_role_id : ''}
            options={[{ value: '', label: tt(lang, 'noGroup') }, ...(groups.data ?? [])]}
            onChange={(v) => act('assign-group', { role_id: v })}
            data-testid="ticket-group"
          />
        ) : (
          <span>{ticket.group_name ?? (ticket.group_role_id ? '✓' : tt(lang, 'noGroup'))}</span>
        )}
      </div>
      <Modal
        open={picking !== null}
        title={tt(lang, picking === 'add-admin' ? 'addAdminTitle' : 'inviteTitle')}
        okText={tt(lang, 'ok')}
        cancelText={tt(lang, 'cancel')}
        okButtonProps={{ disabled: chosen.length === 0 }}
        onCancel={() => setPicking(null)}
        onOk={async () => {
          if (picking === 'invite') await act('invite', { user_ids: chosen });
          else await act('add-admin', { user_id: chosen[0] });
          setPicking(null);
        }}
      >
        <Select
          style={{ width: '100%' }}
          mode={picking === 'invite' ? 'multiple' : undefined}
          showSearch
          filterOption={(input, option) => String((option as { search?: string } | undefined)?.search ?? '').includes(input.trim().toLowerCase())}
          loading={invitees.isLoading}
          value={picking === 'invite' ? chosen : chosen[0]}
          onChange={(v) => setChosen(([] as string[]).concat(v ?? []))}
          options={candidates}
          notFoundContent={invitees.isLoading ? undefined : tt(lang, 'noInvitees')}
          placeholder={tt(lang, 'users')}
          data-testid="ticket-pick-users"
        />
      </Modal>
    </Card>
  );
}
