/** Pre-accounting: chart of accounts, entries, balances, FEC, exports, VAT, closing of months. */
export * from './accounting.tables';
export { createAccountingRouter } from './accounting.router';
export { createAccountingService, type AccountingService } from './accounting.service';
export { withDefaults } from './accounting.settings';
