/** The 'new message' mail (fr/en per the recipient's language, HTML plus plain text), queued with the message. */
import type { MailMessage } from '../../platform/mail/mailer';

export type Lang = 'fr' | 'en';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const EXCERPT_MAX = 500;

/** The start of a message for a notification or a mail: whitespace folded, cut at `max` characters with '…'. */
export function excerptOf(body: string, max = EXCERPT_MAX): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

const T = {
  fr: {
    subject: (from: string) => `Nouveau message de ${from}`,
    intro: (from: string, subject: string) => `${from} vous a écrit au sujet de « ${subject} » :`,
    order: (n: string) => `Commande ${n}`,
    action: 'Lire et répondre',
    sign: '— Wineriz',
  },
  en: {
    subject: (from: string) => `New message from ${from}`,
    intro: (from: string, subject: string) => `${from} wrote to you about “${subject}”:`,
    order: (n: string) => `Order ${n}`,
    action: 'Read and reply',
    sign: '— Wineriz',
  },
} as const;

export function newMessageMail(opts: {
  to: string;
  lang: Lang;
  /** the sender: the shop's name, or the buyer's */
  from: string;
  subject: string;
  orderNumber: string | null;
  body: string;
  link: string;
}): MailMessage {
  const t = T[opts.lang] ?? T.fr;
  const excerpt = excerptOf(opts.body);
  const c = opts.lang === 'en' ? ': ' : ' : ';
  const text = [
    t.intro(opts.from, opts.subject),
    opts.orderNumber ? t.order(opts.orderNumber) : '',
    '',
    excerpt,
    '',
    `${t.action}${c}${opts.link}`,
    '',
    t.sign,
  ]
    .filter((l, i) => l !== '' || i !== 1)
    .join('\n');
  const html =
    `<!doctype html><html lang="${opts.lang}"><body style="font-family:Arial,sans-serif;color:#222;line-height:1.5">` +
    `<p>${escapeHtml(t.intro(opts.from, opts.subject))}</p>` +
    (opts.orderNumber ? `<p style="color:#555;font-size:13px">${escapeHtml(t.order(opts.orderNumber))}</p>` : '') +
    `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #7b1e3a;background:#faf7f8;white-space:pre-wrap">${escapeHtml(excerpt)}</blockquote>` +
    `<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;background:#7b1e3a;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${t.action}</a></p>` +
    `<p style="font-size:13px;color:#555">${escapeHtml(opts.link)}</p><p>${t.sign}</p></body></html>`;
  return { to: opts.to, subject: t.subject(opts.from), text, html };
}
