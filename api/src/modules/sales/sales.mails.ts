import { INVOICE_KIND_LABELS, type InvoiceDetail } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail of an issued document to the client: number, amount, due date in the body, the Factur-X PDF attached. */
export function invoiceMail(doc: InvoiceDetail, to: string, pdf: Buffer) {
  const label = INVOICE_KIND_LABELS[doc.kind];
  const seller = doc.seller.name;
  const subject = `${label} ${doc.number} — ${seller}`;
  const amount =
    doc.kind === 'credit'
      ? `Montant de l'avoir : ${formatCents(doc.totalTTC)} TTC.`
      : `Montant à régler : ${formatCents(doc.amountDue)} TTC${doc.dueDate ? `, avant le ${formatDate(doc.dueDate)}` : ''}.`;
  const text = [
    'Bonjour,',
    '',
    `Veuillez trouver ci-joint notre ${label.toLowerCase()} ${doc.number} du ${formatDate(doc.issuedAt)}.`,
    amount,
    '',
    `Cordialement,`,
    seller,
  ].join('\n');
  const html = `<p>Bonjour,</p>
<p>Veuillez trouver ci-joint notre ${escapeHtml(label.toLowerCase())} <strong>${escapeHtml(doc.number)}</strong> du ${escapeHtml(formatDate(doc.issuedAt))}.</p>
<p>${escapeHtml(amount)}</p>
<p>Cordialement,<br>${escapeHtml(seller)}</p>`;
  return {
    to,
    subject,
    text,
    html,
    ...(doc.seller.email ? { replyTo: doc.seller.email } : {}),
    attachments: [
      { filename: `${doc.number}.pdf`, content: pdf.toString('base64'), encoding: 'base64' as const, contentType: 'application/pdf' },
    ],
  };
}
