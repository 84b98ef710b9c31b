/** Sales documents: back-office orders and their lifecycle, invoices with Factur-X, deposits, credit notes, payments. */
export * from './sales.tables';
export { createSalesRouter } from './sales.router';
export { createSalesService, startSalesService, type SalesService } from './sales.service';
export { parisDate } from './sales.invoicing';
/** The default account of the billing settings (the checkout's transfer instructions show it). */
export { billingBankOf } from './sales.bank';
export { createInvoiceFiles, type InvoiceFiles } from './sales.files';
/** Reads the Factur-X XML out of a PDF (a supplier's e-invoice, or ours when checking what was issued). */
export { extractFacturXXml } from './documents';
/** The parcels an order ships in (boxes count the bottles they hold), as Expéditions and the order screen show. */
export { orderPackagesOf } from './sales.delivery';
