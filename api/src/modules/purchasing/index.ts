/** Purchasing: suppliers, purchase orders, received supplier e-invoices. */
export * from './purchasing.tables';
export { createPurchasingRouter } from './purchasing.router';
export { createPurchasingService, type PurchasingService } from './purchasing.service';
export { createSupplierInvoicesService, type SupplierInvoicesService } from './supplier-invoices.service';
