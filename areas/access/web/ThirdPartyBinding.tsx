// Linking one's own account to DingTalk, WeCom or WeChat (docs/third-party-logins.md):
// - ThirdPartyCard on /page/userinfo lists the company's configured providers with Link / Unlink;
// - /page/qywxbinding is the WeCom binding screen (ACC-12, ACC-16), the same card for WeCom only;
// - /page/thirdbinding is where the provider sends the browser back: it posts the answer
//   (qywx-basic/binding-qywx for WeCom, third-login/bind for the others) for the signed-in owner.
// Only the owner binds: the server takes the account from the session, never from the request.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, List, Popconfirm, Result, Space, Spin, Tag, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError, api, toastSuccess, useApiQuery } from '@seamline/web/engine';
import { goToProvider, returnedAnswer, sendOnce, startedType, thirdPaths, type Started } from './thirdPartyFlow';
import './thirdPartyMessages';

interface Mine {
  type: string;
  provider: string;
  configured: boolean;
  bound: boolean;
}

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : String(err));

/** The owner's linked sign-ins, with Link (off to the provider) and Unlink (confirmed). */
export function ThirdPartyCard({ only }: { only?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mine = useApiQuery<Mine[]>(thirdPaths.mine);
  const [busy, setBusy] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const rows = (mine.data ?? []).filter((m) => !only || m.type === only);

  const link = async (type: string) => {
    setBusy(type);
    setAnswer(null);
    try {
      goToProvider(await api.get<Started>(thirdPaths.bindStart, { type }, { notify: false }));
    } catch (err) {
      setAnswer(messageOf(err));
      setBusy(null);
    }
  };
  const unlink = async (row: Mine) => {
    await api.post(thirdPaths.unbind, { type: row.type });
    toastSuccess(t('third.unlinked', { provider: row.provider }));
    await queryClient.invalidateQueries({ queryKey: [thirdPaths.mine] });
  };

  return (
    <Card title={<Space><LinkOutlined />{only === 'wecom' ? t('route.qywxBinding') : t('third.cardTitle')}</Space>} data-testid={only === 'wecom' ? 'qywx-binding' : 'third-card'}>
      <Typography.Paragraph type="secondary">{t('third.cardIntro')}</Typography.Paragraph>
      {answer ? <Alert type="warning" showIcon message={answer} data-testid="qywx-answer" style={{ marginBottom: 16 }} /> : null}
      <List
        loading={mine.isLoading}
        dataSource={rows}
        rowKey="type"
        renderItem={(row) => (
          <List.Item
            data-testid={`third-row-${row.type}`}
            actions={[
              row.bound ? (
                <Popconfirm key="unlink" title={t('third.unlinkConfirm', { provider: row.provider })} onConfirm={() => unlink(row)}>
                  <Button danger data-testid={`third-unlink-${row.type}`}>{t('third.unlink')}</Button>
                </Popconfirm>
              ) : (
                <Button
                  key="link"
                  type="primary"
                  disabled={!row.configured}
                  loading={busy === row.type}
                  onClick={() => link(row.type)}
                  data-testid={row.type === 'wecom' ? 'qywx-bind' : `third-link-${row.type}`}
                >
                  {t('third.link')}
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              title={row.provider}
              description={
                row.bound ? <Tag color="green">{t('third.statusLinked')}</Tag>
                  : row.configured ? <Tag>{t('third.statusNotLinked')}</Tag>
                    : <Tag color="default">{t('third.statusNotConfigured')}</Tag>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** /page/thirdbinding: the provider's answer to a Link click. */
function Finish() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    const answer = returnedAnswer(search);
    if (!answer) return;
    if (!answer.ours) {
      setOutcome({ ok: false, text: t('third.notStartedHere') });
      return;
    }
    const type = startedType();
    let live = true;
    sendOnce(answer.params, () => api.post<{ provider: string }>(type === 'wecom' ? thirdPaths.bindQywx : thirdPaths.bind, answer.params, { notify: false }))
      .then((r) => {
        void queryClient.invalidateQueries({ queryKey: [thirdPaths.mine] });
        if (live) setOutcome({ ok: true, text: t('third.linked', { provider: r.provider }) });
      })
      .catch((err) => live && setOutcome({ ok: false, text: messageOf(err) }));
    return () => {
      live = false;
    };
  }, [search, t, queryClient]);
  if (!outcome) return <Spin data-testid="third-finishing" />;
  return (
    <Result
      status={outcome.ok ? 'success' : 'warning'}
      title={<span data-testid={outcome.ok ? 'third-linked' : 'third-link-failed'}>{outcome.text}</span>}
      extra={<Link to="/page/userinfo">{t('third.backToProfile')}</Link>}
    />
  );
}

function BindingScreen({ only }: { only?: string }) {
  const { search } = useLocation();
  const returning = new URLSearchParams(search).has('code') || new URLSearchParams(search).has('error');
  return <div style={{ maxWidth: 720 }}>{returning ? <Finish /> : <ThirdPartyCard only={only} />}</div>;
}

export default function ThirdPartyBindingPage() {
  return <BindingScreen />;
}

export function QywxBindingPage() {
  return <BindingScreen only="wecom" />;
}
