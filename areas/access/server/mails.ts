// The account lifecycle's mails, in the recipient's language ('en' → English, anything else
// Chinese). Each builder returns what sendMail takes; links point at PUBLIC_URL.
import { langOf, type Lang } from '@seamline/core';
import type { Config, Mail } from '@seamline/server/api';

/** Where links in mails lead: PUBLIC_URL, else this server on localhost (never a request's Host header). */
export function publicBase(config: Pick<Config, 'port'>, env = process.env): string {
  return (env.PUBLIC_URL || `http://localhost:${config.port}`).replace(/\/+$/, '');
}

type Texts = { subject: string; lines: string[]; link?: { url: string; label: string } };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(to: string, kind: string, texts: Texts, secrets: string[] = []): Mail {
  const text = [...texts.lines, ...(texts.link ? [`${texts.link.label}: ${texts.link.url}`] : []), '', 'Seamline'].join('\n');
  const html = [
    ...texts.lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    texts.link ? `<p><a href="${escapeHtml(texts.link.url)}">${escapeHtml(texts.link.label)}</a></p>` : '',
    '<p>Seamline</p>',
  ].join('\n');
  return { to, kind, subject: texts.subject, text, html, secrets };
}

const pick = <T>(lang: unknown, en: T, zh: T): T => (langOf(lang) === 'en' ? en : zh);

export interface Recipient {
  email: string;
  language: string | null | undefined;
  name: string;
}

export function resetPasswordMail(r: Recipient & { username: string }, base: string, token: string): Mail {
  const url = `${base}/forgotpwd/newpwd?token=${encodeURIComponent(token)}`;
  return compose(
    r.email,
    'RESET_PASSWORD',
    pick<Texts>(
      r.language,
      {
        subject: 'Set a new Seamline password',
        lines: [`Hello ${r.name},`, `Someone asked to reset the password of the Seamline account “${r.username}”.`, 'The link works once, for 10 minutes. If it was not you, ignore this mail: your password stays as it is.'],
        link: { url, label: 'Set a new password' },
      },
      {
        subject: '设置新的 Seamline 密码',
        lines: [`${r.name}，您好：`, `有人申请重置 Seamline 账号“${r.username}”的密码。`, '该链接仅可使用一次，10 分钟内有效。如非本人操作，请忽略本邮件，您的密码不会改变。'],
        link: { url, label: '设置新密码' },
      },
    ),
    [token, encodeURIComponent(token)],
  );
}

export function signupReceivedMail(r: Recipient, what: { company: string; kind: 'COMPANY' | 'JOIN' }): Mail {
  return compose(
    r.email,
    'SIGNUP_RECEIVED',
    pick<Texts>(
      r.language,
      {
        subject: what.kind === 'COMPANY' ? 'Your company sign-up awaits review' : 'Your request to join awaits approval',
        lines: [
          `Hello ${r.name},`,
          what.kind === 'COMPANY'
            ? `We received the sign-up of “${what.company}”. The Seamline team reviews it and tells you the result by mail.`
            : `We received your request to join “${what.company}”. Its administrator decides, and you will hear by mail.`,
        ],
      },
      {
        subject: what.kind === 'COMPANY' ? '您的企业注册申请待审核' : '您的加入申请待审批',
        lines: [
          `${r.name}，您好：`,
          what.kind === 'COMPANY'
            ? `我们已收到“${what.company}”的企业注册申请，Seamline 团队审核后会通过邮件告知结果。`
            : `我们已收到您加入“${what.company}”的申请，该公司管理员审批后会通过邮件通知您。`,
        ],
      },
    ),
  );
}

export function signupDecisionMail(
  r: Recipient & { username: string },
  d: { kind: 'COMPANY' | 'JOIN'; approved: boolean; company: string; reason?: string | null },
  base: string,
): Mail {
  const login = { url: `${base}/login`, en: 'Sign in', zh: '登录' };
  const en: Texts = d.approved
    ? {
        subject: d.kind === 'COMPANY' ? `“${d.company}” is approved on Seamline` : `You have joined “${d.company}”`,
        lines: [
          `Hello ${r.name},`,
          d.kind === 'COMPANY'
            ? `The sign-up of “${d.company}” is approved. Sign in as “${r.username}”: you are the company's administrator.`
            : `Your request to join “${d.company}” is approved. Sign in as “${r.username}”.`,
        ],
        link: { url: login.url, label: login.en },
      }
    : {
        subject: d.kind === 'COMPANY' ? `The sign-up of “${d.company}” was not approved` : `Your request to join “${d.company}” was not approved`,
        lines: [`Hello ${r.name},`, `The request was rejected. Reason: ${d.reason ?? '—'}`],
      };
  const zh: Texts = d.approved
    ? {
        subject: d.kind === 'COMPANY' ? `“${d.company}”的企业注册已通过审核` : `您已加入“${d.company}”`,
        lines: [
          `${r.name}，您好：`,
          d.kind === 'COMPANY'
            ? `“${d.company}”的企业注册已通过审核。请使用账号“${r.username}”登录，您是该公司的管理员。`
            : `您加入“${d.company}”的申请已通过。请使用账号“${r.username}”登录。`,
        ],
        link: { url: login.url, label: login.zh },
      }
    : {
        subject: d.kind === 'COMPANY' ? `“${d.company}”的企业注册未通过审核` : `您加入“${d.company}”的申请未通过`,
        lines: [`${r.name}，您好：`, `申请已被驳回。原因：${d.reason ?? '—'}`],
      };
  return compose(r.email, d.approved ? 'SIGNUP_APPROVED' : 'SIGNUP_REJECTED', pick(r.language, en, zh));
}

export function joinRequestMail(admin: Recipient, applicant: { name: string; username: string }, company: string, base: string): Mail {
  const url = `${base}/sys/index/join-request`;
  return compose(
    admin.email,
    'JOIN_REQUEST',
    pick<Texts>(
      admin.language,
      {
        subject: `${applicant.name} asks to join “${company}”`,
        lines: [`Hello ${admin.name},`, `${applicant.name} (${applicant.username}) asks to join “${company}” on Seamline. Approve or reject the request.`],
        link: { url, label: 'Open join requests' },
      },
      {
        subject: `${applicant.name} 申请加入“${company}”`,
        lines: [`${admin.name}，您好：`, `${applicant.name}（${applicant.username}）申请加入 Seamline 上的“${company}”，请审批。`],
        link: { url, label: '打开加入申请' },
      },
    ),
  );
}

export function invitationMail(r: Recipient, inviter: string, company: string, base: string, token: string): Mail {
  const url = `${base}/signup/invite?token=${encodeURIComponent(token)}`;
  return compose(
    r.email,
    'INVITATION',
    pick<Texts>(
      r.language,
      {
        subject: `${inviter} invites you to “${company}” on Seamline`,
        lines: [`Hello ${r.name},`, `${inviter} invites you to work with “${company}” on Seamline. Choose a username and a password to accept; the link works for 7 days.`],
        link: { url, label: 'Accept the invitation' },
      },
      {
        subject: `${inviter} 邀请您加入 Seamline 上的“${company}”`,
        lines: [`${r.name}，您好：`, `${inviter} 邀请您在 Seamline 上加入“${company}”。请设置用户名和密码以接受邀请，链接 7 天内有效。`],
        link: { url, label: '接受邀请' },
      },
    ),
    [token, encodeURIComponent(token)],
  );
}

export function verificationCodeMail(r: Recipient, code: string): Mail {
  return compose(
    r.email,
    'EMAIL_CODE',
    pick<Texts>(
      r.language,
      { subject: `Your Seamline verification code: ${code}`, lines: [`Hello ${r.name},`, `Your verification code is ${code}. It is valid for 10 minutes.`] },
      { subject: `您的 Seamline 验证码：${code}`, lines: [`${r.name}，您好：`, `您的验证码是 ${code}，10 分钟内有效。`] },
    ),
    [code],
  );
}

export type { Lang };
