import { formatCents, formatDate } from 'shared-kernel/domain';
import type { PurchaseOrderDetail } from 'shared-kernel/contracts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A nodemailer attachment as it travels in the job payload (JSON): base64 content. */
export interface MailAttachment {
  filename: string;
  content: string;
  encoding: 'base64';
  contentType: string;
}

export interface PurchaseMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments: MailAttachment[];
}

/**
 * The purchase order mail to the supplier: the whole order in the body (lines and total, so it is readable even where
 * the attachment is dropped) and the PDF attached.
 */
export function purchaseOrderMail(opts: {
  to: string;
  shopName: string;
  replyTo: string | null;
  order: PurchaseOrderDetail;
  pdf: Buffer;
}): PurchaseMail {
  const { order, shopName } = opts;
  const subject = `Bon de commande ${order.number} — ${shopName}`;
  const intro = `Bonjour,\n\nVeuillez trouver ci-joint notre bon de commande ${order.number} du ${formatDate(order.sentAt ?? order.createdAt)}.`;
  const expected = order.expectedAt
    ? `Livraison souhaitée le ${formatDate(order.expectedAt)}${order.warehouseName ? ` (${order.warehouseName})` : ''}.`
    : '';
  const lines = order.lines.map(
    (l) => `- ${l.label} : ${l.quantity} × ${formatCents(l.unitCostCents)} HT = ${formatCents(l.totalHTCents)} HT`,
  );
  const text = [
    intro,
    '',
    ...lines,
    '',
    `Total HT : ${formatCents(order.totalHTCents)}`,
    expected,
    order.notes ? `\nNotes : ${order.notes}` : '',
    '',
    `Cordialement,\n${shopName}`,
  ]
    .filter((l) => l !== null)
    .join('\n');
  const rows = order.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.label)}</td><td style="text-align:right">${l.quantity}</td><td style="text-align:right">${escapeHtml(formatCents(l.unitCostCents))}</td><td style="text-align:right">${escapeHtml(formatCents(l.totalHTCents))}</td></tr>`,
    )
    .join('');
  const html = `<p>Bonjour,</p>
<p>Veuillez trouver ci-joint notre bon de commande <strong>${escapeHtml(order.number)}</strong> du ${formatDate(order.sentAt ?? order.createdAt)}.</p>
<table cellpadding="4" style="border-collapse:collapse">
<thead><tr><th style="text-align:left">Article</th><th>Qté</th><th>P.U. HT</th><th>Total HT</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><td colspan="3" style="text-align:right"><strong>Total HT</strong></td><td style="text-align:right"><strong>${escapeHtml(formatCents(order.totalHTCents))}</strong></td></tr></tfoot>
</table>
${expected ? `<p>${escapeHtml(expected)}</p>` : ''}
${order.notes ? `<p>Notes : ${escapeHtml(order.notes)}</p>` : ''}
<p>Cordialement,<br>${escapeHtml(shopName)}</p>`;
  return {
    to: opts.to,
    subject,
    text,
    html,
    ...(opts.replyTo ? { replyTo: opts.replyTo } : {}),
    attachments: [
      { filename: `${order.number}.pdf`, content: opts.pdf.toString('base64'), encoding: 'base64', contentType: 'application/pdf' },
    ],
  };
}
