// Issued sales documents (invoices, deposit invoices, credit notes) as Factur-X EN 16931 PDF/A-3: pure functions,
// no database. The sales module builds an InvoiceDocument from its tables and hands it to these.
export type { InvoiceDocument } from './types';
export { buildFacturXXml, FACTURX_FILENAME, TYPE_CODES } from './facturx-xml';
export { renderInvoicePdf } from './invoice-pdf';
export { extractFacturXXml } from './extract';
export { documentProblems, InvoiceDocumentError } from './mentions';
export { sampleInvoiceDocument, sampleDepositDocument, sampleCreditNoteDocument, SAMPLE_PARTIES, computeTotals } from './fixtures';
