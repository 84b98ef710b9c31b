import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AccountsConfig } from '../config';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** the sender when not MAIL_FROM (a shop's campaigns: its name and address) */
  from?: string | { name: string; address: string };
  /** extra headers (a campaign's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058) */
  headers?: Record<string, string>;
}

/** An attached file, in nodemailer's shape (base64 content: the job payload is JSON). */
export interface MailAttachment {
  filename: string;
  content: string;
  encoding: 'base64';
  contentType: string;
}

export interface Mailer {
  /** Sends the message (SMTP) or writes it as an .eml file (no SMTP_URL). Resolves with where it went. */
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
  /** 'smtp' or 'file' */
  readonly mode: 'smtp' | 'file';
  close(): void;
}

/** File name part derived from the recipient, so a developer (or a test) finds a person's mails. */
export function mailFileName(to: string, now: Date = new Date()): string {
  const who = to
    .toLowerCase()
    .replace(/[^a-z0-9@._-]/g, '_')
    .slice(0, 100);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${crypto.randomBytes(3).toString('hex')}-${who}.eml`;
}

/**
 * Mail over SMTP (nodemailer) when `smtpUrl` is set; otherwise every message is rendered by
 * nodemailer's stream transport and written as an RFC 822 `.eml` file into `mailDir`.
 */
export function createMailer(cfg: Pick<AccountsConfig, 'smtpUrl' | 'mailDir' | 'mailFrom'>, logger?: Logger): Mailer {
  if (cfg.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(cfg.smtpUrl);
    return {
      mode: 'smtp',
      async send(m) {
        const info = await transport.sendMail({ ...m, from: m.from ?? cfg.mailFrom });
        logger?.info({ to: m.to, subject: m.subject, messageId: info.messageId }, 'mail sent');
        return { messageId: String(info.messageId) };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'file',
    async send(m) {
      const info = await transport.sendMail({ ...m, from: m.from ?? cfg.mailFrom });
      await fs.mkdir(cfg.mailDir, { recursive: true });
      const file = path.join(cfg.mailDir, mailFileName(m.to));
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger?.info({ to: m.to, subject: m.subject, file }, 'mail written');
      return { messageId: String(info.messageId), file };
    },
    close: () => transport.close(),
  };
}
