import type { MailMessage } from '../../platform/mail/mailer';
import type { SendRoiBody } from './roi.schemas';

// The ROI simulator's mail: the figures the visitor saw, in their language (French by default), with the inputs and
// the assumptions they come from and a link back to the simulator. Figures only: nothing typed by the visitor but
// their address reaches the mail.

type Lang = 'fr' | 'en';

const TEXTS = {
  fr: {
    subject: 'Votre simulation de retour sur investissement — Wineriz',
    hello: 'Bonjour,',
    intro: 'Voici les résultats de votre simulation de retour sur investissement.',
    results: 'Résultats',
    hoursSaved: 'Temps gagné par mois',
    moneySaved: 'Temps gagné valorisé par mois',
    toolsSaved: 'Outils actuels remplacés par mois',
    subscription: 'Abonnement par mois',
    netMonth: 'Gain net par mois',
    netYear: 'Gain net par an',
    payback: 'Retour sur investissement',
    paybackNone: 'non atteint avec ces chiffres',
    paybackNow: 'dès le premier mois',
    months: (n: string) => `${n} mois`,
    before: 'Coût mensuel avant',
    after: 'Coût mensuel après',
    perBottle: 'Coût par bouteille vendue (avant → après)',
    inputs: 'Vos chiffres',
    bottles: 'Bouteilles vendues par an',
    cellar: 'au caveau',
    fairs: 'sur les salons',
    online: 'sur la boutique en ligne',
    trade: 'aux professionnels',
    orders: 'Commandes par mois',
    invoicing: 'Heures de facturation par semaine',
    stock: 'Heures de stock et DRM par semaine',
    tools: 'Coût mensuel des outils actuels',
    assumptions: 'Hypothèses',
    invoicingPct: 'Temps de facturation gagné',
    stockPct: 'Temps de stock et DRM gagné',
    perOrder: 'Temps gagné par commande',
    minutes: (n: string) => `${n} min`,
    hourly: 'Coût horaire',
    setup: 'Mise en route',
    hours: (n: string) => `${n} h`,
    again: 'Refaire la simulation',
    note: 'Estimation indicative calculée à partir de vos chiffres et des hypothèses ci-dessus.',
    sign: '— Wineriz',
  },
  en: {
    subject: 'Your return on investment simulation — Wineriz',
    hello: 'Hello,',
    intro: 'Here are the results of your return on investment simulation.',
    results: 'Results',
    hoursSaved: 'Time saved per month',
    moneySaved: 'Value of the time saved per month',
    toolsSaved: 'Current tools replaced per month',
    subscription: 'Subscription per month',
    netMonth: 'Net gain per month',
    netYear: 'Net gain per year',
    payback: 'Payback',
    paybackNone: 'not reached with these figures',
    paybackNow: 'from the first month',
    months: (n: string) => `${n} months`,
    before: 'Monthly cost before',
    after: 'Monthly cost after',
    perBottle: 'Cost per bottle sold (before → after)',
    inputs: 'Your figures',
    bottles: 'Bottles sold per year',
    cellar: 'at the cellar door',
    fairs: 'at fairs',
    online: 'in the online shop',
    trade: 'to trade customers',
    orders: 'Orders per month',
    invoicing: 'Invoicing hours per week',
    stock: 'Stock and DRM hours per week',
    tools: 'Monthly cost of current tools',
    assumptions: 'Assumptions',
    invoicingPct: 'Invoicing time saved',
    stockPct: 'Stock and DRM time saved',
    perOrder: 'Time saved per order',
    minutes: (n: string) => `${n} min`,
    hourly: 'Hourly cost',
    setup: 'Setup',
    hours: (n: string) => `${n} h`,
    again: 'Run the simulation again',
    note: 'An indicative estimate computed from your figures and the assumptions above.',
    sign: '— Wineriz',
  },
} as const;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function roiMail(body: SendRoiBody, publicUrl: string): MailMessage {
  const lang: Lang = body.lang ?? 'fr';
  const t = TEXTS[lang];
  const locale = lang === 'en' ? 'en-GB' : 'fr-FR';
  const num = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);
  const eur = (n: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 }).format(n);
  const pct = (n: number) => `${num(n)} %`;
  const { inputs: i, results: r, assumptions: a } = body;

  const payback = r.paybackMonths === null ? t.paybackNone : r.paybackMonths === 0 ? t.paybackNow : t.months(num(r.paybackMonths));
  const sections: Array<[string, Array<[string, string]>]> = [
    [
      t.results,
      [
        [t.hoursSaved, t.hours(num(r.hoursSavedPerMonth))],
        [t.moneySaved, eur(r.moneySavedPerMonth)],
        [t.toolsSaved, eur(r.toolsSavedPerMonth)],
        [t.subscription, eur(r.subscriptionPerMonth)],
        [t.netMonth, eur(r.netGainPerMonth)],
        [t.netYear, eur(r.netGainPerYear)],
        [t.payback, payback],
        [t.before, eur(r.costBeforePerMonth)],
        [t.after, eur(r.costAfterPerMonth)],
        ...(r.costPerBottleBefore !== null && r.costPerBottleAfter !== null
          ? [[t.perBottle, `${eur(r.costPerBottleBefore)} → ${eur(r.costPerBottleAfter)}`] as [string, string]]
          : []),
      ],
    ],
    [
      t.inputs,
      [
        [`${t.bottles} ${t.cellar}`, num(i.bottlesCellar)],
        [`${t.bottles} ${t.fairs}`, num(i.bottlesFairs)],
        [`${t.bottles} ${t.online}`, num(i.bottlesOnline)],
        [`${t.bottles} ${t.trade}`, num(i.bottlesTrade)],
        [t.orders, num(i.ordersPerMonth)],
        [t.invoicing, t.hours(num(i.invoicingHoursPerWeek))],
        [t.stock, t.hours(num(i.stockHoursPerWeek))],
        [t.tools, eur(i.toolsMonthlyCost)],
      ],
    ],
    ...(a
      ? [
          [
            t.assumptions,
            [
              [t.invoicingPct, pct(a.invoicingTimeSavedPct)],
              [t.stockPct, pct(a.stockTimeSavedPct)],
              [t.perOrder, t.minutes(num(a.minutesSavedPerOrder))],
              [t.hourly, eur(a.hourlyCost)],
              [t.subscription, eur(a.subscriptionMonthly)],
              [t.setup, eur(a.setupCost)],
            ],
          ] as [string, Array<[string, string]>],
        ]
      : []),
  ];
  const link = `${publicUrl}/roi-simulator${lang === 'en' ? '?lang=en' : ''}`;

  const text = [
    t.hello,
    '',
    t.intro,
    ...sections.flatMap(([title, rows]) => ['', `${title} :`, ...rows.map(([k, v]) => `- ${k} : ${v}`)]),
    '',
    t.note,
    `${t.again} : ${link}`,
    '',
    t.sign,
  ].join('\n');

  const html = [
    `<p>${escapeHtml(t.hello)}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    ...sections.map(
      ([title, rows]) =>
        `<h2 style="font-size:16px">${escapeHtml(title)}</h2><table cellpadding="4">${rows
          .map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td style="text-align:right"><strong>${escapeHtml(v)}</strong></td></tr>`)
          .join('')}</table>`,
    ),
    `<p>${escapeHtml(t.note)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.again)}</a></p>`,
    `<p>${escapeHtml(t.sign)}</p>`,
  ].join('\n');

  return { to: body.email, subject: t.subject, text, html };
}
