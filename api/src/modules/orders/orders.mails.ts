/** Order emails (fr/en per the user's language, HTML plus plain text): buyer confirmation, grouped-order payer link. */
import { CHECKOUT_PAYMENT_LABELS, type CheckoutPaymentMethod } from 'shared-kernel/contracts';
import type { MailMessage } from '../../platform/mail/mailer';
import type { OrderLineRow, OrderRow } from './orders.tables';

export type Lang = 'fr' | 'en';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function money(cents: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'fr-FR', { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    .replace(/\u202f/g, '\u00a0');
}

const T = {
  fr: {
    subject: (n: string, shop: string) => `Confirmation de votre commande ${n} — ${shop}`,
    hello: (name: string) => `Bonjour ${name},`,
    intro: (n: string, shop: string) => `Merci pour votre commande ${n} auprès de ${shop}. En voici le récapitulatif.`,
    qty: 'Qté',
    item: 'Article',
    total: 'Total TTC',
    totalHT: 'Total HT',
    tva: 'TVA',
    shipping: 'Livraison',
    touristTax: 'Taxe de séjour',
    method: 'Moyen de paiement',
    pendingOffline: 'Votre commande sera validée par le domaine à réception de votre règlement.',
    pendingImprint: 'Votre carte sera débitée lorsque le domaine aura validé votre commande.',
    paid: 'Votre paiement a bien été reçu.',
    grouped: 'Commande groupée : chaque participant a reçu son lien de paiement.',
    follow: 'Suivre ma commande',
    sign: '— Wineriz',
  },
  en: {
    subject: (n: string, shop: string) => `Your order ${n} — ${shop}`,
    hello: (name: string) => `Hello ${name},`,
    intro: (n: string, shop: string) => `Thank you for your order ${n} from ${shop}. Here is a summary.`,
    qty: 'Qty',
    item: 'Item',
    total: 'Total incl. VAT',
    totalHT: 'Total excl. VAT',
    tva: 'VAT',
    shipping: 'Delivery',
    touristTax: 'Tourist tax',
    method: 'Payment method',
    pendingOffline: 'The producer will validate your order when your payment is received.',
    pendingImprint: 'Your card will be charged once the producer validates your order.',
    paid: 'Your payment has been received.',
    grouped: 'Grouped order: each participant received their payment link.',
    follow: 'Follow my order',
    sign: '— Wineriz',
  },
} as const;

export function orderConfirmationMail(opts: {
  order: OrderRow;
  lines: OrderLineRow[];
  shopName: string;
  link: string;
  lang: Lang;
  paid: boolean;
}): MailMessage {
  const { order, lines, lang } = opts;
  const t = T[lang];
  const method = CHECKOUT_PAYMENT_LABELS[order.paymentMethod as CheckoutPaymentMethod]?.[lang] ?? order.paymentMethod;
  const status = order.grouped ? t.grouped : opts.paid ? t.paid : order.paymentMethod === 'imprint' ? t.pendingImprint : t.pendingOffline;
  const rows = lines.map((l) => ({
    label:
      l.kind === 'shipping'
        ? `${t.shipping}${l.label ? ` (${l.label})` : ''}`
        : l.kind === 'touristTax'
          ? `${t.touristTax} — ${l.label}`
          : l.label,
    details: l.kind === 'shipping' ? null : l.details,
    qty: l.kind === 'shipping' ? '' : String(l.quantity + l.addQuantity),
    total: money(l.totalTTC, lang),
  }));
  const totals: Array<[string, string]> = [
    [t.totalHT, money(order.totalHT, lang)],
    [t.tva, money(order.tva, lang)],
    [t.total, money(order.totalTTC, lang)],
  ];
  const c = lang === 'fr' ? ' : ' : ': ';
  const text = [
    t.hello(order.buyerName),
    '',
    t.intro(order.number, opts.shopName),
    '',
    ...rows.map((r) => `${r.qty ? `${r.qty} × ` : ''}${r.label}${r.details ? ` (${r.details})` : ''}${c}${r.total}`),
    '',
    ...totals.map(([k, v]) => `${k}${c}${v}`),
    '',
    `${t.method}${c}${method}`,
    status,
    '',
    `${t.follow}${c}${opts.link}`,
    '',
    t.sign,
  ].join('\n');
  const td = 'padding:6px 8px;border-bottom:1px solid #eee';
  const html =
    `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif;color:#222;line-height:1.5">` +
    `<p>${escapeHtml(t.hello(order.buyerName))}</p><p>${escapeHtml(t.intro(order.number, opts.shopName))}</p>` +
    `<table style="border-collapse:collapse;width:100%;max-width:600px"><thead><tr><th style="${td};text-align:left">${t.item}</th><th style="${td};text-align:right">${t.qty}</th><th style="${td};text-align:right">${t.total}</th></tr></thead><tbody>` +
    rows
      .map(
        (r) =>
          `<tr><td style="${td}">${escapeHtml(r.label)}${r.details ? `<br><span style="color:#666;font-size:13px">${escapeHtml(r.details)}</span>` : ''}</td><td style="${td};text-align:right">${r.qty}</td><td style="${td};text-align:right">${escapeHtml(r.total)}</td></tr>`,
      )
      .join('') +
    `</tbody><tfoot>${totals.map(([k, v], i) => `<tr><td colspan="2" style="padding:4px 8px;text-align:right${i === 2 ? ';font-weight:bold' : ''}">${escapeHtml(k)}</td><td style="padding:4px 8px;text-align:right${i === 2 ? ';font-weight:bold' : ''}">${escapeHtml(v)}</td></tr>`).join('')}</tfoot></table>` +
    `<p>${escapeHtml(t.method)}${c}${escapeHtml(method)}<br>${escapeHtml(status)}</p>` +
    `<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;background:#7b1e3a;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${t.follow}</a></p>` +
    `<p>${t.sign}</p></body></html>`;
  return { to: order.buyerEmail, subject: t.subject(order.number, opts.shopName), text, html };
}

const G = {
  fr: {
    subject: (shop: string) => `Votre part de la commande groupée — ${shop}`,
    body: (who: string, shop: string, n: string, amount: string) =>
      `${who} vous invite à régler votre part de la commande groupée ${n} auprès de ${shop} : ${amount}.`,
    action: 'Payer ma part',
    expires: (d: string) => `Ce lien expire le ${d}. Sans paiement de tous les participants, la commande sera annulée.`,
  },
  en: {
    subject: (shop: string) => `Your share of the grouped order — ${shop}`,
    body: (who: string, shop: string, n: string, amount: string) =>
      `${who} invites you to pay your share of the grouped order ${n} from ${shop}: ${amount}.`,
    action: 'Pay my share',
    expires: (d: string) => `This link expires on ${d}. Unless every participant pays, the order is cancelled.`,
  },
} as const;

export function paymentGroupMail(opts: {
  to: string;
  order: OrderRow;
  shopName: string;
  amountCents: number;
  link: string;
  lang: Lang;
}): MailMessage {
  const g = G[opts.lang];
  const exp = opts.order.expiresAt
    ? new Intl.DateTimeFormat(opts.lang === 'en' ? 'en-GB' : 'fr-FR', {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'Europe/Paris',
      }).format(opts.order.expiresAt)
    : '';
  const body = g.body(opts.order.buyerName, opts.shopName, opts.order.number, money(opts.amountCents, opts.lang));
  const text = [body, '', `${g.action}${opts.lang === 'fr' ? ' : ' : ': '}${opts.link}`, '', exp ? g.expires(exp) : '', '— Wineriz'].join(
    '\n',
  );
  const html =
    `<!doctype html><html lang="${opts.lang}"><body style="font-family:Arial,sans-serif;color:#222;line-height:1.5"><p>${escapeHtml(body)}</p>` +
    `<p><a href="${escapeHtml(opts.link)}" style="display:inline-block;background:#7b1e3a;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${g.action}</a></p>` +
    `<p style="font-size:13px;color:#555">${escapeHtml(opts.link)}</p>${exp ? `<p style="font-size:13px;color:#555">${escapeHtml(g.expires(exp))}</p>` : ''}<p>— Wineriz</p></body></html>`;
  return { to: opts.to, subject: g.subject(opts.shopName), text, html };
}
