/**
 * The whole database schema, for drizzle-kit only (`drizzle.config.ts`; `npm run db:generate` writes the SQL
 * migrations into ./drizzle, applied at start). Nothing in src/ imports this barrel: the platform's tables are in
 * `src/platform/db/tables.ts`, each module's in `src/modules/<x>/<x>.tables.ts` (its index exports them to other
 * modules). It lives outside src/ so that the platform never imports a module, not even for drizzle-kit.
 */
export * from './src/platform/db/tables';
export * from './src/modules/catalog/catalog.tables';
export * from './src/modules/accounts/accounts.tables';
export * from './src/modules/orders/orders.tables';
export * from './src/modules/payments/payments.tables';
export * from './src/modules/api-keys/api-keys.tables';
export * from './src/modules/iframes/iframes.tables';
export * from './src/modules/stock/stock.tables';
export * from './src/modules/purchasing/purchasing.tables';
export * from './src/modules/clients/clients.tables';
export * from './src/modules/tasks/tasks.tables';
export * from './src/modules/tickets/tickets.tables';
export * from './src/modules/opportunities/opportunities.tables';
export * from './src/modules/team/team.tables';
export * from './src/modules/analytics/analytics.tables';
export * from './src/modules/sales/sales.tables';
export * from './src/modules/futures/futures.tables';
export * from './src/modules/accounting/accounting.tables';
export * from './src/modules/pos/pos.tables';
export * from './src/modules/admin/admin.tables';
export * from './src/modules/shop-data/shop-data.tables';
export * from './src/modules/marketing/marketing.tables';
export * from './src/modules/promo-codes/promo-codes.tables';
export * from './src/modules/loyalty/loyalty.tables';
export * from './src/modules/shipping/shipping.tables';
