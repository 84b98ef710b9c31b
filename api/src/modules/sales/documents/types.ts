import type { InvoiceDetail } from 'shared-kernel/contracts';

/** One issued sales document (invoice, deposit invoice or credit note) with what its PDF needs beyond InvoiceDetail. */
export interface InvoiceDocument extends InvoiceDetail {
  shopName: string;
  bank: { label: string; iban: string; bic: string } | null;
  latePenalty: string; // seller's late-payment penalty text
  /**
   * A credit note's: the issue date ('YYYY-MM-DD') of the invoice it corrects (`relatedInvoice`), the date BT-26 that
   * must go with the preceding invoice's number (French rule BR-FR-CO-05) and that the printed reference shows.
   */
  relatedInvoiceIssuedAt?: string | null;
  style?: { color?: string | null; logo?: Buffer | null; footer?: string | null };
  /**
   * A quote (devis), not an invoice: titled 'Devis', dated with its validity, no Factur-X XML (EN 16931 covers
   * invoices and credit notes), no due date; the link where the client accepts it and a 'bon pour accord' box.
   */
  quote?: { validUntil: string | null; acceptUrl: string | null; notes: string | null };
}
