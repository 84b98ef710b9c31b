/**
 * Unpaid follow-up: the dashboard's unpaid summary, reminder mails by level and the formal notice letter.
 *
 * Reminders are sent once per level, whatever the number of api instances or restarts: moving an invoice to level n is
 * a conditional update (`reminder_level = n − 1`) that enqueues its mail in the same transaction, with the dedupe key
 * `invoice-reminder:<id>:<n>` (the job queue keeps it until it is sent). A level is due when the invoice is overdue by
 * at least the level's number of days (billing settings `reminderDays`, default J+7, J+15, J+30).
 */
import { loadPdfkit } from '../../platform/heavy-libraries';
import { and, asc, eq, sql } from 'drizzle-orm';
import { SALES_MESSAGES as M, type BillingSettings, type UnpaidSummary } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import { parisDate } from './sales.invoicing';
import { billingSettings, invoices, type InvoiceRow } from './sales.tables';

const DEFAULT_DAYS = [7, 15, 30];
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const remainingOf = (r: InvoiceRow) => Math.max(0, r.amountDue - r.paid - r.credited);

/** The mail of reminder `level` out of the shop's `levels` (its number of reminder days): the last one is firm. */
export function reminderMail(r: InvoiceRow, level: number, to: string, levels = DEFAULT_DAYS.length) {
  const remaining = formatCents(remainingOf(r));
  const due = r.dueDate ? formatDate(r.dueDate) : '';
  const firm = level >= levels;
  const subject = `${firm ? 'Dernière relance' : `Relance n° ${level}`} : facture ${r.number} — ${r.seller.name}`;
  const lines = [
    'Bonjour,',
    '',
    `Sauf erreur de notre part, la facture ${r.number} du ${formatDate(r.issueDate)}, échue le ${due}, reste impayée pour un montant de ${remaining} TTC.`,
    firm
      ? 'Sans règlement de votre part sous 8 jours, nous serons contraints d’engager une procédure de recouvrement.'
      : 'Nous vous remercions de bien vouloir procéder à son règlement dans les meilleurs délais.',
    r.latePenalty,
    r.buyer.isPro
      ? 'Une indemnité forfaitaire pour frais de recouvrement de 40 € est due de plein droit (art. L441-10 et D441-5 du Code de commerce).'
      : '',
    r.bank ? `Coordonnées bancaires : IBAN ${r.bank.iban} — BIC ${r.bank.bic}` : '',
    'Si votre règlement a été effectué entre-temps, merci de ne pas tenir compte de ce message.',
    '',
    'Cordialement,',
    r.seller.name,
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
  return {
    to,
    subject,
    text: lines.join('\n'),
    html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n'),
    ...(r.seller.email ? { replyTo: r.seller.email } : {}),
  };
}

/** The 'mise en demeure de payer' letter of an overdue invoice (A4, pdfkit). */
export async function renderFormalNotice(r: InvoiceRow, today = parisDate()): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `Mise en demeure — facture ${r.number}`, Author: r.seller.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const t = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
    const s = r.seller;
    doc.font('Helvetica-Bold').fontSize(12).text(t(s.name));
    doc.font('Helvetica').fontSize(10);
    if (s.address)
      doc
        .text(t(`${s.address.street}${s.address.street2 ? `, ${s.address.street2}` : ''}`))
        .text(t(`${s.address.zipcode} ${s.address.city}`));
    if (s.siret) doc.text(`SIRET ${s.siret}`);
    doc.moveDown(2);
    const b = r.buyer;
    const x = 320;
    const y = doc.y;
    doc.font('Helvetica-Bold').text(t(b.name), x, y);
    doc.font('Helvetica');
    if (b.address) doc.text(t(b.address.street), x).text(t(`${b.address.zipcode} ${b.address.city}`), x);
    doc.moveDown(2);
    doc.x = doc.page.margins.left;
    doc.text(t(`Le ${formatDate(today)}`));
    doc.text('Lettre recommandée avec accusé de réception');
    doc.moveDown();
    doc.font('Helvetica-Bold').text(t(`Objet : mise en demeure de payer — facture ${r.number}`));
    doc.font('Helvetica').moveDown();
    const para = (p: string) => doc.text(t(p), { align: 'justify' }).moveDown(0.7);
    para('Madame, Monsieur,');
    para(
      `Malgré nos relances, la facture n° ${r.number} du ${formatDate(r.issueDate)}, d’un montant de ${formatCents(r.amountDue)} TTC, échue le ${r.dueDate ? formatDate(r.dueDate) : '—'}, reste impayée à ce jour pour un montant de ${formatCents(remainingOf(r))} TTC.`,
    );
    para(
      'Par la présente, nous vous mettons en demeure de nous régler cette somme dans un délai de huit jours à compter de la réception de ce courrier. À défaut, nous engagerons toute procédure utile au recouvrement de notre créance, sans autre avis.',
    );
    para(`${r.latePenalty}.`.replace(/\.\.$/, '.'));
    if (b.isPro)
      para(
        'Conformément aux articles L441-10 et D441-5 du Code de commerce, une indemnité forfaitaire pour frais de recouvrement de 40 € est due de plein droit.',
      );
    if (r.bank) para(`Règlement par virement : IBAN ${r.bank.iban} — BIC ${r.bank.bic}.`);
    para('Veuillez agréer, Madame, Monsieur, l’expression de nos salutations distinguées.');
    doc.moveDown().text(t(s.name));
    doc.end();
  });
}

export function createFollowUp(db: Db) {
  async function daysOf(dbx: DbOrTx, shopId: number): Promise<number[]> {
    const [row] = await dbx.select({ data: billingSettings.data }).from(billingSettings).where(eq(billingSettings.shopId, shopId));
    const days = (row?.data as BillingSettings | undefined)?.reminderDays;
    return days?.length ? days : DEFAULT_DAYS;
  }

  /** Moves `r` to `level` and queues its mail, once (false when another instance did it first). */
  async function remindInTx(tx: DbOrTx, r: InvoiceRow, level: number, levels: number): Promise<boolean> {
    const to = r.buyer.email;
    const done = await tx
      .update(invoices)
      .set({ reminderLevel: level, lastReminderAt: new Date() })
      .where(and(eq(invoices.id, r.id), eq(invoices.reminderLevel, r.reminderLevel)))
      .returning({ id: invoices.id });
    if (!done.length) return false;
    if (to) await enqueueMail(tx as Db, reminderMail(r, level, to, levels), { dedupeKey: `invoice-reminder:${r.id}:${level}` });
    return true;
  }

  /** Every reminder that is due now (the minute sweep); returns how many were queued. */
  async function sendDueReminders(today = parisDate()): Promise<number> {
    const open = await db
      .select()
      .from(invoices)
      .where(
        sql`${invoices.kind} <> 'credit' and ${invoices.amountDue} - ${invoices.paid} - ${invoices.credited} > 0 and ${invoices.dueDate} < ${today}`,
      )
      .orderBy(asc(invoices.id))
      .limit(500);
    const daysByShop = new Map<number, number[]>();
    let sent = 0;
    for (const r of open) {
      if (!daysByShop.has(r.shopId)) daysByShop.set(r.shopId, await daysOf(db, r.shopId));
      const days = daysByShop.get(r.shopId)!;
      const late = daysBetween(r.dueDate!, today);
      // the highest level reached today; levels skipped (an invoice imported late) are not sent one by one
      const level = days.filter((d) => late >= d).length;
      if (level <= r.reminderLevel) continue;
      if (await db.transaction((tx) => remindInTx(tx, r, level, days.length))) sent++;
    }
    if (sent) nudgeJobs();
    return sent;
  }

  /** A reminder now, by hand: the next level (the last one again once every level is used). */
  async function remindNow(r: InvoiceRow): Promise<{ success: true; message: string; level: number }> {
    if (r.kind === 'credit' || remainingOf(r) <= 0 || !r.dueDate || r.dueDate >= parisDate()) throw new HttpError(409, M.notOverdue);
    if (!r.buyer.email) throw new HttpError(400, M.noEmail, 'email');
    const days = await daysOf(db, r.shopId);
    const level = Math.min(r.reminderLevel + 1, Math.max(days.length, 1));
    await db.transaction(async (tx) => {
      if (level === r.reminderLevel) {
        await tx.update(invoices).set({ lastReminderAt: new Date() }).where(eq(invoices.id, r.id));
        await enqueueMail(tx as Db, reminderMail(r, level, r.buyer.email!, days.length));
      } else if (!(await remindInTx(tx, r, level, days.length))) throw new HttpError(409, M.notOverdue);
    });
    nudgeJobs();
    return { success: true, message: M.reminderSent(level), level };
  }

  async function unpaidSummary(shopId: number): Promise<Omit<UnpaidSummary, 'oldest'> & { oldestIds: number[] }> {
    const today = parisDate();
    const res = (await db.execute(sql`select
        coalesce(sum(amount_due - paid - credited), 0)::int as outstanding,
        coalesce(sum(amount_due - paid - credited) filter (where due_date < ${today}), 0)::int as overdue,
        count(*) filter (where due_date < ${today})::int as n
      from invoices where shop_id = ${shopId} and kind <> 'credit' and amount_due - paid - credited > 0`)) as unknown as {
      rows: Array<{ outstanding: number; overdue: number; n: number }>;
    };
    const oldest = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        sql`${invoices.shopId} = ${shopId} and ${invoices.kind} <> 'credit' and ${invoices.amountDue} - ${invoices.paid} - ${invoices.credited} > 0 and ${invoices.dueDate} < ${today}`,
      )
      .orderBy(asc(invoices.dueDate), asc(invoices.id))
      .limit(5);
    const r = res.rows[0];
    return {
      outstanding: Number(r.outstanding),
      overdue: Number(r.overdue),
      overdueCount: Number(r.n),
      oldestIds: oldest.map((o) => o.id),
    };
  }

  return { sendDueReminders, remindNow, unpaidSummary };
}
