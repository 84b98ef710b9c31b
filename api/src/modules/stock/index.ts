/** Stock (issue 12): warehouses, stock levels, movements, allocations, CRD capsules, DRM months. */
export * from './stock.tables';
export { createStockRouter } from './stock.router';
