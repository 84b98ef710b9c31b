/** Purchasing (issue 12): suppliers and purchase orders. */
export * from './purchasing.tables';
export { createPurchasingRouter } from './purchasing.router';
export { createPurchasingService, type PurchasingService } from './purchasing.service';
