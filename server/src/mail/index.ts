// Outgoing mail. With SMTP_URL (smtp://user:pass@host:port, smtps://… for TLS) each mail goes out
// through nodemailer and is recorded in mail_outbox as SENT or FAILED; without it the mail stays
// in mail_outbox as OUTBOX, where the super admin's outbox screen shows it. Call sendMail after
// the business transaction has committed, so a rolled-back change never mails anyone.
import nodemailer, { type Transporter } from 'nodemailer';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { mailOutbox, type MailStatus } from './tables';

export { mailOutbox, MAIL_STATUSES, type MailStatus } from './tables';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about, e.g. RESET_PASSWORD (shown and filtered on the outbox screen). */
  kind?: string;
  /**
   * Secrets in the body (a reset token, an invitation token). Only the mail handed to SMTP carries
   * them: the stored copy — what the super admin's outbox shows — has them masked from the start,
   * so no record, sent or not, opens an account (docs/security.md 'Accounts and identities').
   */
  secrets?: readonly string[];
}

export interface MailResult {
  id: string;
  status: MailStatus;
}

/** The sender address: MAIL_FROM, else Seamline at the SMTP host. */
const fromAddress = (env = process.env) => env.MAIL_FROM || 'Seamline <no-reply@seamline.local>';

let cached: { url: string; transport: Transporter } | null = null;

/** Read at every send, so a test (or an operator's restart) can point it elsewhere. */
function transportFor(url: string | undefined): Transporter | null {
  if (!url) return null;
  if (cached?.url !== url) {
    cached?.transport.close();
    // Plain smtp:// on a private relay needs no TLS upgrade; smtps:// or STARTTLS when offered.
    cached = { url, transport: nodemailer.createTransport(url) };
  }
  return cached.transport;
}

export function smtpConfigured(env = process.env): boolean {
  return Boolean(env.SMTP_URL);
}

const MASK = '••••••';
const TOTAL_CAP = 10_000;

/** `s` with every secret replaced by the mask, and any `token=` link parameter too (belt and braces). */
export function maskSecrets(s: string, secrets: readonly string[] = []): string {
  const masked = secrets.filter(Boolean).reduce((out, secret) => out.split(secret).join(MASK), s);
  return masked.replace(/(\btoken=)[^&\s"'<>]+/gi, `$1${MASK}`);
}

export async function sendMail(db: Db, mail: Mail): Promise<MailResult> {
  const transport = transportFor(process.env.SMTP_URL);
  const mask = (s: string | null | undefined) => (s ? maskSecrets(s, mail.secrets) : null);
  const [row] = await db.asSystem((tx) =>
    tx
      .insert(mailOutbox)
      .values({
        toAddress: mail.to,
        subject: mail.subject,
        bodyText: mask(mail.text) ?? '',
        bodyHtml: mask(mail.html),
        kind: mail.kind ?? 'OTHER',
        status: 'OUTBOX',
      })
      .returning({ id: mailOutbox.id }),
  );
  if (!transport) return { id: row!.id, status: 'OUTBOX' };
  try {
    await transport.sendMail({ from: fromAddress(), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    await db.asSystem((tx) =>
      tx
        .update(mailOutbox)
        .set({ status: 'SENT', sentAt: new Date() })
        .where(eq(mailOutbox.id, row!.id)),
    );
    return { id: row!.id, status: 'SENT' };
  } catch (err) {
    // The cause for the operator; never the credentials of SMTP_URL.
    const error = err instanceof Error ? err.message.slice(0, 500) : 'send failed';
    await db.asSystem((tx) => tx.update(mailOutbox).set({ status: 'FAILED', error }).where(eq(mailOutbox.id, row!.id)));
    return { id: row!.id, status: 'FAILED' };
  }
}

export interface OutboxQuery {
  page: number;
  size: number;
  to?: string;
  status?: string;
  kind?: string;
}

/** The outbox screen: newest first, filtered by recipient (contains), status and kind. */
export async function pageOutbox(db: Db, q: OutboxQuery) {
  const where: SQL[] = [];
  if (q.to) where.push(sql`${mailOutbox.toAddress} ilike ${'%' + q.to.replace(/[\\%_]/g, (m) => `\\${m}`) + '%'}`);
  if (q.status) where.push(eq(mailOutbox.status, q.status as MailStatus));
  if (q.kind) where.push(eq(mailOutbox.kind, q.kind));
  const condition = where.length ? sql.join(where, sql` and `) : undefined;
  return db.asSystem(async (tx) => {
    const rows = await tx
      .select()
      .from(mailOutbox)
      .where(condition)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    // The outbox only grows: count up to a cap, as the engine's lists do.
    const capped = tx.select({ one: sql`1` }).from(mailOutbox).where(condition).limit(TOTAL_CAP + 1).as('capped');
    const [{ total }] = (await tx.select({ total: sql<number>`count(*)::int` }).from(capped)) as [{ total: number }];
    // Rows stored before secrets were masked at insert still hold live links: mask on the way out too.
    const shown = rows.map((r) => ({ ...r, bodyText: maskSecrets(r.bodyText), bodyHtml: r.bodyHtml === null ? null : maskSecrets(r.bodyHtml) }));
    return { rows: shown, total: Math.min(total, TOTAL_CAP), total_capped: total > TOTAL_CAP, page: q.page, size: q.size };
  });
}
