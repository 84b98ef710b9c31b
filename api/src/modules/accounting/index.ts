/** Pre-accounting: the chart of accounts (more to come: entries, journals, FEC, closing). */
export * from './accounting.tables';
export { createAccountingRouter } from './accounting.router';
export { createAccountingService, withDefaults, type AccountingService } from './accounting.service';
