/** Reservation mails (fr/en, HTML plus plain text): the confirmation of a back-office reservation, the reminder the day before. */
import type { MailMessage } from '../../platform/mail/mailer';

export type Lang = 'fr' | 'en';

export interface MailBooking {
  to: string;
  name: string;
  number: string;
  shopName: string;
  lang: Lang;
  eventTitle: string;
  location: string | null;
  /** the event's message to its participants */
  message: string | null;
  slot: { start: Date; end: Date; allDay: boolean; name: string | null };
  lines: Array<{ label: string; quantity: number; totalTTC: number }>;
  totalTTC: number;
  /** settled at booking (with this method), or to be settled later */
  paid: boolean;
  method: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (cents: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'fr-FR', { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    .replace(/\u202f/g, '\u00a0');

/** 'samedi 12 avril 2026, 10:00 – 11:30 (Matin)' in shop time. */
export function slotWhen(slot: MailBooking['slot'], lang: Lang, allDayText: string): string {
  const locale = lang === 'en' ? 'en-GB' : 'fr-FR';
  const day = new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Paris', dateStyle: 'full' }).format(slot.start);
  const time = new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
  const hours = slot.allDay ? allDayText : `${time.format(slot.start)} – ${time.format(slot.end)}`;
  return `${day}, ${hours}${slot.name ? ` (${slot.name})` : ''}`;
}

const T = {
  fr: {
    confirmSubject: (n: string, shop: string) => `Votre réservation ${n} est confirmée — ${shop}`,
    reminderSubject: (title: string, shop: string) => `Rappel : ${title} demain — ${shop}`,
    hello: (name: string) => `Bonjour ${name},`,
    confirmIntro: (n: string, shop: string) => `Votre réservation ${n} auprès de ${shop} est confirmée.`,
    reminderIntro: (shop: string) => `Nous vous attendons demain chez ${shop} :`,
    when: 'Date',
    where: 'Lieu',
    participants: 'Participants',
    total: 'Total TTC',
    paid: (m: string | null) => (m ? `Réglée (${m}).` : 'Réglée.'),
    unpaid: 'À régler auprès du domaine.',
    allDay: 'journée entière',
    sign: '— Wineriz',
  },
  en: {
    confirmSubject: (n: string, shop: string) => `Your reservation ${n} is confirmed — ${shop}`,
    reminderSubject: (title: string, shop: string) => `Reminder: ${title} tomorrow — ${shop}`,
    hello: (name: string) => `Hello ${name},`,
    confirmIntro: (n: string, shop: string) => `Your reservation ${n} with ${shop} is confirmed.`,
    reminderIntro: (shop: string) => `${shop} is looking forward to seeing you tomorrow:`,
    when: 'Date',
    where: 'Place',
    participants: 'Participants',
    total: 'Total incl. VAT',
    paid: (m: string | null) => (m ? `Paid (${m}).` : 'Paid.'),
    unpaid: 'To be paid to the producer.',
    allDay: 'all day',
    sign: '— Wineriz',
  },
} as const;

function render(b: MailBooking, subject: string, intro: string, withPayment: boolean): MailMessage {
  const t = T[b.lang];
  const c = b.lang === 'fr' ? ' : ' : ': ';
  const facts: Array<[string, string]> = [
    [t.when, slotWhen(b.slot, b.lang, t.allDay)],
    ...(b.location ? [[t.where, b.location] as [string, string]] : []),
    [t.participants, b.lines.map((l) => `${l.quantity} × ${l.label}`).join(', ')],
    ...(withPayment ? [[t.total, money(b.totalTTC, b.lang)] as [string, string]] : []),
  ];
  const payment = withPayment ? (b.paid ? t.paid(b.method) : t.unpaid) : null;
  const text = [
    t.hello(b.name),
    '',
    intro,
    '',
    b.eventTitle,
    ...facts.map(([k, v]) => `${k}${c}${v}`),
    ...(payment ? ['', payment] : []),
    ...(b.message ? ['', b.message] : []),
    '',
    t.sign,
  ].join('\n');
  const html =
    `<!doctype html><html lang="${b.lang}"><body style="font-family:Arial,sans-serif;color:#222;line-height:1.5">` +
    `<p>${escapeHtml(t.hello(b.name))}</p><p>${escapeHtml(intro)}</p>` +
    `<p><strong>${escapeHtml(b.eventTitle)}</strong></p><ul>` +
    facts.map(([k, v]) => `<li>${escapeHtml(k)}${escapeHtml(c)}${escapeHtml(v)}</li>`).join('') +
    `</ul>${payment ? `<p>${escapeHtml(payment)}</p>` : ''}${b.message ? `<p>${escapeHtml(b.message)}</p>` : ''}<p>${t.sign}</p></body></html>`;
  return { to: b.to, subject, text, html };
}

export function confirmationMail(b: MailBooking): MailMessage {
  const t = T[b.lang];
  return render(b, t.confirmSubject(b.number, b.shopName), t.confirmIntro(b.number, b.shopName), true);
}

export function reminderMail(b: MailBooking): MailMessage {
  const t = T[b.lang];
  return render(b, t.reminderSubject(b.eventTitle, b.shopName), t.reminderIntro(b.shopName), false);
}
