/**
 * A campaign's mail for one recipient: the model's HTML with the merge fields, the preview text, the footer
 * (shop, postal address, the link to /disable-tracking-notif), and — unless the person turned tracking off — the links
 * rewritten through the click redirect (`/v1/t/c/:token?u=&s=`, signed: HMAC-SHA256 of the token and the URL) and
 * the open pixel (`/v1/t/o/:token.gif`); the RFC 8058 one-click unsubscribe headers.
 */
import crypto from 'node:crypto';
import type { MailMessage } from '../../platform/mail/mailer';
import { applyMergeFields } from './campaigns.ports';
import type { CampaignSettings } from './campaigns.schemas';

export interface LinkKey {
  sign(token: string, url: string): string;
  verify(token: string, url: string, signature: string): boolean;
}

/** The key of the click links, derived from the server's secret (never the JWT key itself). */
export function createLinkKey(serverSecret: Uint8Array): LinkKey {
  const key = Buffer.from(crypto.hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'wz-campaign-links', 32));
  const sign = (token: string, url: string) => crypto.createHmac('sha256', key).update(`${token}\n${url}`).digest('base64url').slice(0, 32);
  return {
    sign,
    verify(token, url, signature) {
      const expected = Buffer.from(sign(token, url));
      const given = Buffer.from(signature);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The entities an attribute value may hold (what a sanitiser writes): &amp; &quot; &#39; &#x27; &lt; &gt; and numbers. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt|nbsp);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k === 'amp') return '&';
    if (k === 'quot') return '"';
    if (k === 'apos') return "'";
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'nbsp') return '\u00a0';
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
  });
}

const HREF = /(<a\b[^>]*?\shref\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi;
const isWebUrl = (u: string) => /^https?:\/\/[^\s]+$/i.test(u);
const hasMergeField = (u: string) => /\{\{|%7B%7B/i.test(u);

/** The http(s) links of a campaign's HTML (decoded): the only targets the click redirect accepts. */
export function trackableLinks(html: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(HREF)) {
    const url = decodeEntities((m[2] ?? m[3] ?? '').trim());
    if (isWebUrl(url) && !hasMergeField(url)) out.add(url);
  }
  return out;
}

function rewriteLinks(html: string, to: (url: string) => string): string {
  return html.replace(HREF, (all, head: string, dq?: string, sq?: string) => {
    const url = decodeEntities((dq ?? sq ?? '').trim());
    if (!isWebUrl(url) || hasMergeField(url)) return all;
    return `${head}"${escapeHtml(to(url))}"`;
  });
}

/** Plain text of an HTML mail: blocks on their own lines, a link's address after its text. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a\s*>/gi, (_m, a?: string, b?: string, inner = '') => {
        const label = inner.replace(/<[^>]*>/g, '').trim();
        const url = (a ?? b ?? '').trim();
        return url && label && label !== url ? `${label} (${url})` : label || url;
      })
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|h[1-6]|li|tr|table|section|ul|ol)\s*>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** `{{field}}` in a plain text (the subject): the raw values, one line. */
export function mergeText(text: string, fields: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (_m, key: string) => (fields[key] ?? '').replace(/[\r\n]+/g, ' '));
}

/** What the merge fields say in a test or a preview without recipients. */
export function sampleFields(shopName: string, signature: string): Record<string, string> {
  return {
    firstname: 'Camille',
    lastname: 'Martin',
    shopName,
    businessName: 'Cave Martin',
    businessReason: 'Cave Martin SARL',
    email: 'camille.martin@example.fr',
    phone: '06 12 34 56 78',
    documentNumber: 'F2026-00042',
    amount: '125,00 €',
    signature,
  };
}

/** The address of `Name <address>` (MAIL_FROM), or the text itself. */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

export interface CampaignMailInput {
  campaign: { subject: string; previewText: string | null; html: string };
  shop: { name: string };
  settings: CampaignSettings;
  /** MAIL_FROM: its address when the shop gave none */
  platformFrom: string;
  publicUrl: string;
  /** the recipient (tracking and unsubscribe); absent for a test */
  recipient?: { email: string; token: string; trackingOff: boolean };
  to: string;
  fields: Record<string, string>;
  links: LinkKey;
  test?: boolean;
}

function insertAfterBodyOpen(html: string, part: string): string {
  const m = /<body\b[^>]*>/i.exec(html);
  return m ? html.slice(0, m.index + m[0].length) + part + html.slice(m.index + m[0].length) : part + html;
}
function insertBeforeBodyClose(html: string, part: string): string {
  const i = html.search(/<\/body\s*>/i);
  return i >= 0 ? html.slice(0, i) + part + html.slice(i) : html + part;
}

export function campaignMail(input: CampaignMailInput): MailMessage {
  const { campaign, shop, settings, publicUrl, recipient, fields, links } = input;
  const tracking = !!recipient && !recipient.trackingOff;
  const tokenPart = recipient ? encodeURIComponent(recipient.token) : '';
  const prefsUrl = `${publicUrl}/disable-tracking-notif${recipient ? `?token=${tokenPart}` : ''}`;

  let html = campaign.html;
  if (tracking) {
    html = rewriteLinks(
      html,
      (url) => `${publicUrl}/v1/t/c/${tokenPart}?u=${encodeURIComponent(url)}&s=${links.sign(recipient!.token, url)}`,
    );
  }
  html = applyMergeFields(html, fields);
  if (!/<html\b/i.test(html)) html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"></head><body>${html}</body></html>`;
  const preview = campaign.previewText ? mergeText(campaign.previewText, fields) : '';
  if (preview) {
    html = insertAfterBodyOpen(
      html,
      `<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent">${escapeHtml(preview)}</div>`,
    );
  }
  const address = settings.postalAddress ? ` — ${settings.postalAddress}` : '';
  const footer =
    `<div style="font-family:Arial,sans-serif;font-size:12px;line-height:1.5;color:#666;text-align:center;padding:16px">` +
    `<p style="margin:0 0 4px">${escapeHtml(shop.name)}${escapeHtml(address)}</p>` +
    `<p style="margin:0">Vous recevez ce mail car vous êtes client de ${escapeHtml(shop.name)} et avez accepté ses communications. ` +
    `<a href="${escapeHtml(prefsUrl)}" style="color:#666">Se désinscrire ou désactiver le suivi</a></p></div>` +
    (tracking
      ? `<img src="${escapeHtml(`${publicUrl}/v1/t/o/${tokenPart}.gif`)}" width="1" height="1" alt="" style="display:block;border:0">`
      : '');
  html = insertBeforeBodyClose(html, footer);

  const body = htmlToText(applyMergeFields(campaign.html, fields));
  const text = [body, '', '—', `${shop.name}${address}`, `Se désinscrire ou désactiver le suivi : ${prefsUrl}`].join('\n');

  const subject = `${input.test ? '[Test] ' : ''}${mergeText(campaign.subject, fields)}`;
  return {
    to: input.to,
    subject,
    text,
    html,
    from: { name: settings.senderName, address: settings.senderEmail ?? addressOf(input.platformFrom) },
    ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
    ...(recipient
      ? {
          headers: {
            'List-Unsubscribe': `<${publicUrl}/v1/t/u/${tokenPart}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
