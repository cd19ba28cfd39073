// /page/ticket/view?key=<id>: the exception ticket's detail page (spec §2) — the document, its
// remaining time, the status path with its confirmations, the members and the live discussion.
import { useCallback, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Popconfirm, Result, Row, Space, Spin, Switch, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { langOf } from '@seamline/core';
import { toastSuccess, useLang, useSessionUser, DocumentAttachments } from '@seamline/web/engine';
import { DEDUCTION_TYPE_OPTIONS, PENALTY_RESULT_OPTIONS, REASON_OPTIONS, TICKET_ATTACHMENTS, optionLabel, ticketCan } from '../meta';
import { ticketApi, type Ticket } from './api';
import { ClosingForm } from './ClosingForm';
import { Discussion } from './Discussion';
import { useTicketLive } from './live';
import { Members } from './Members';
import { Remaining, StatusTag } from './StatusTag';
import { TicketForm } from './TicketForm';
import { tt } from './texts';

export default function TicketView() {
  const lang = useLang();
  const l = langOf(lang);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = params.get('key') ?? params.get('id');
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [closing, setClosing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [tick, setTick] = useState(0);
  const view = useQuery({ queryKey: ['ticket', 'view', key], queryFn: () => ticketApi.view(key!), enabled: !!key, retry: false });
  const refresh = useCallback(() => {
    setTick((n) => n + 1);
    void view.refetch();
  }, [view]);
  useTicketLive(key, refresh);
  const update = (t: Ticket | { id: string; left: true }) => {
    if ('left' in t) {
      // Left a private ticket: it is no longer visible, so back to the list.
      void queryClient.invalidateQueries({ queryKey: ['ticket', 'list'] });
      navigate('/collab/index/ticket');
      return;
    }
    queryClient.setQueryData(['ticket', 'view', key], t);
    void queryClient.invalidateQueries({ queryKey: ['ticket', 'list'] });
  };

  if (!key || view.isError) return <Result status="404" title={tt(lang, 'notFound')} extra={<Button onClick={() => navigate('/collab/index/ticket')}>{tt(lang, 'back')}</Button>} />;
  if (!view.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const t = view.data;
  const admin = ticketCan(t.my_role, 'close');
  const label = (opts: typeof REASON_OPTIONS, v: string | null) => optionLabel(opts, v)?.[l] ?? v ?? tt(lang, 'none');

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="ticket-view">
      <Card
        title={
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="ticket-view-title">{t.title}</Typography.Title>
            <StatusTag status={t.status} lang={lang} />
            {t.is_public && <Tag color="blue">{tt(lang, 'isPublic')}</Tag>}
          </Space>
        }
        extra={
          <Space wrap>
            {ticketCan(t.my_role, 'edit') && t.status !== 100 && (
              <Button onClick={() => setEditing(true)} data-testid="ticket-edit">{tt(lang, 'edit')}</Button>
            )}
            {admin && t.status === 0 && (
              <Button type="primary" danger onClick={() => setClosing(true)} data-testid="ticket-close">{tt(lang, 'startClosing')}</Button>
            )}
            {admin && t.status === 50 && (
              <>
                <Popconfirm title={tt(lang, 'confirmCloseTitle')} description={tt(lang, 'confirmCloseText')} okText={tt(lang, 'confirmClose')} cancelText={tt(lang, 'cancel')}
                  okButtonProps={{ 'data-testid': 'ticket-confirm-close-ok' } as never}
                  onConfirm={async () => { update(await ticketApi.close(t.id, t.version)); toastSuccess(tt(lang, 'saved')); }}>
                  <Button type="primary" danger data-testid="ticket-confirm-close">{tt(lang, 'confirmClose')}</Button>
                </Popconfirm>
                <Button onClick={async () => update(await ticketApi.reopen(t.id, t.version))} data-testid="ticket-reopen">{tt(lang, 'reopen')}</Button>
              </>
            )}
            <Button onClick={() => navigate('/collab/index/ticket')}>{tt(lang, 'back')}</Button>
          </Space>
        }
      >
        {t.status === 100 && <Alert type="info" showIcon message={tt(lang, 'closedNote')} style={{ marginBottom: 12 }} />}
        {t.my_role === 'GUEST' && t.status !== 100 && <Alert type="warning" showIcon message={tt(lang, 'guestNote')} style={{ marginBottom: 12 }} />}
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
          <Descriptions.Item label={tt(lang, 'code')}>{t.code}</Descriptions.Item>
          <Descriptions.Item label={tt(lang, 'designNo')}>{t.design_no ?? tt(lang, 'none')}</Descriptions.Item>
          <Descriptions.Item label={tt(lang, 'remaining')}><Remaining hours={t.remaining_hours} status={t.status} lang={lang} /></Descriptions.Item>
          <Descriptions.Item label={tt(lang, 'opener')}>{t.client_name}</Descriptions.Item>
          <Descriptions.Item label={tt(lang, 'counterpart')}>{t.counterpart_name}</Descriptions.Item>
          <Descriptions.Item label={tt(lang, 'owner')}>{t.owner_name}</Descriptions.Item>
          <Descriptions.Item label={tt(lang, 'category')}>{t.category_name ?? tt(lang, 'none')}</Descriptions.Item>
          <Descriptions.Item label={tt(lang, 'created')}>{dayjs(t.created_at).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
          <Descriptions.Item label={tt(lang, 'isPublic')}>
            <Switch
              size="small"
              checked={t.is_public}
              disabled={!ticketCan(t.my_role, 'edit') || t.status === 100}
              onChange={async (v) => update(await ticketApi.save({ id: t.id, version: t.version, is_public: v }))}
              data-testid="ticket-public-switch"
            />
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>{tt(lang, t.is_public ? 'publicYes' : 'publicNo')}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={tt(lang, 'tags')} span={2}>{t.tags.length ? t.tags.map((x) => <Tag key={x}>{x}</Tag>) : tt(lang, 'none')}</Descriptions.Item>
          {t.description && <Descriptions.Item label={tt(lang, 'description')} span={3}>{t.description}</Descriptions.Item>}
        </Descriptions>
        {t.status >= 50 && (
          <Descriptions size="small" column={2} labelStyle={{ width: 200 }} bordered title={tt(lang, 'closingRecord')} style={{ marginTop: 16 }} data-testid="ticket-closing-record">
            <Descriptions.Item label={tt(lang, 'closingSummary')} span={2}>{t.closing_summary}</Descriptions.Item>
            <Descriptions.Item label={tt(lang, 'penaltyResult')}>{label(PENALTY_RESULT_OPTIONS, t.penalty_result)}</Descriptions.Item>
            <Descriptions.Item label={tt(lang, 'reasons')}>{t.reasons.length ? t.reasons.map((r) => <Tag key={r}>{label(REASON_OPTIONS, r)}</Tag>) : tt(lang, 'none')}</Descriptions.Item>
            <Descriptions.Item label={tt(lang, 'deductionAmount')}>{t.deduction_amount ?? tt(lang, 'none')}</Descriptions.Item>
            <Descriptions.Item label={tt(lang, 'deductionRatio')}>{t.deduction_ratio ?? tt(lang, 'none')}</Descriptions.Item>
            <Descriptions.Item label={tt(lang, 'deductionType')}>{label(DEDUCTION_TYPE_OPTIONS, t.deduction_type)}</Descriptions.Item>
            <Descriptions.Item label={tt(lang, 'deductionVoucher')}>{t.deduction_voucher ?? tt(lang, 'none')}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Discussion ticket={t} lang={lang} version={tick} />
        </Col>
        <Col xs={24} lg={8}>
          <Members ticket={t} lang={lang} userId={user?.id} onChange={update} />
          {/* Files and voice notes, seen by both companies of the ticket. */}
          <div style={{ marginTop: 16 }} data-testid="ticket-attachments">
            <DocumentAttachments entity={TICKET_ATTACHMENTS} recordId={t.id} />
          </div>
        </Col>
      </Row>
      <TicketForm ticket={t} lang={lang} open={editing} onClose={() => setEditing(false)} onSaved={(x) => { setEditing(false); update(x); }} />
      <ClosingForm ticket={t} lang={lang} open={closing} onClose={() => setClosing(false)} onDone={(x) => { setClosing(false); update(x); }} />
    </Space>
  );
}
