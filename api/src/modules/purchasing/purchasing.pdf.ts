import { loadPdfkit } from '../../platform/heavy-libraries';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { PAYMENT_DELAYS } from 'shared-kernel/domain';
import type { PurchaseOrderDetail } from 'shared-kernel/contracts';

export interface PurchasePdfInput {
  shop: { name: string; contactEmail: string | null };
  supplier: {
    company: string;
    siret: string | null;
    vatNumber: string | null;
    email: string | null;
    address: { line1?: string | null; line2?: string | null; zip?: string | null; city?: string | null; country?: string | null };
    paymentDelay: string | null;
  };
  order: PurchaseOrderDetail;
}

/** The standard PDF fonts are WinAnsi: the narrow no-break spaces of the French number format become plain spaces. */
const pdfText = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
const money = (cents: number) => pdfText(formatCents(cents));

/** The purchase order as a PDF (A4, pdfkit standard fonts): shop, supplier, number, dates, lines, total HT. */
export async function renderPurchasePdf({ shop, supplier, order }: PurchasePdfInput): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `Bon de commande ${order.number}`, Author: shop.name, Subject: `Commande fournisseur ${order.number}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = doc.page.margins.left;
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

    doc.font('Helvetica-Bold').fontSize(18).text(pdfText(shop.name), left, 50);
    if (shop.contactEmail) doc.font('Helvetica').fontSize(10).text(shop.contactEmail);
    doc.moveDown(1.5);
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(pdfText(`Bon de commande ${order.number}`));
    doc.font('Helvetica').fontSize(10);
    doc.text(`Date : ${formatDate(order.sentAt ?? order.createdAt)}`);
    if (order.expectedAt) doc.text(`Livraison souhaitée : ${formatDate(order.expectedAt)}`);
    if (order.warehouseName) doc.text(pdfText(`Lieu de livraison : ${order.warehouseName}`));
    const delay = PAYMENT_DELAYS.find((d) => d.value === supplier.paymentDelay)?.label;
    if (delay) doc.text(`Délai de paiement : ${delay}`);

    // supplier block, on the right
    const boxX = left + width / 2 + 10;
    const boxY = 120;
    const a = supplier.address;
    const supplierLines = [
      supplier.company,
      a.line1,
      a.line2,
      [a.zip, a.city].filter(Boolean).join(' '),
      a.country,
      supplier.siret ? `SIRET ${supplier.siret}` : null,
      supplier.vatNumber ? `TVA ${supplier.vatNumber}` : null,
      supplier.email,
    ].filter((l): l is string => !!l && l.trim().length > 0);
    doc.font('Helvetica-Bold').text('Fournisseur', boxX, boxY, { width: width / 2 - 10 });
    doc.font('Helvetica');
    for (const l of supplierLines) doc.text(pdfText(l), { width: width / 2 - 10 });

    // lines
    let y = Math.max(doc.y, 230) + 20;
    const cols = [
      { title: 'Article', x: left, w: width * 0.5, align: 'left' as const },
      { title: 'Qté', x: left + width * 0.5, w: width * 0.12, align: 'right' as const },
      { title: 'P.U. HT', x: left + width * 0.62, w: width * 0.18, align: 'right' as const },
      { title: 'Total HT', x: left + width * 0.8, w: width * 0.2, align: 'right' as const },
    ];
    const row = (cells: string[], bold = false) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      const h = Math.max(...cells.map((c, i) => doc.heightOfString(pdfText(c), { width: cols[i].w - 4 })));
      if (y + h > doc.page.height - doc.page.margins.bottom - 40) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      cells.forEach((c, i) => doc.text(pdfText(c), cols[i].x, y, { width: cols[i].w - 4, align: cols[i].align }));
      y += h + 6;
    };
    row(
      cols.map((c) => c.title),
      true,
    );
    doc
      .moveTo(left, y - 3)
      .lineTo(left + width, y - 3)
      .stroke();
    for (const l of order.lines) row([l.label, String(l.quantity), money(l.unitCostCents), money(l.totalHTCents)]);
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();
    y += 8;
    doc.font('Helvetica-Bold').fontSize(11);
    doc.text(`Total HT : ${money(order.totalHTCents)}`, left, y, { width, align: 'right' });
    if (order.notes) {
      doc.moveDown(2);
      doc.font('Helvetica-Bold').fontSize(10).text('Notes', left, doc.y, { width });
      doc.font('Helvetica').text(pdfText(order.notes), { width });
    }
    doc.end();
  });
}
