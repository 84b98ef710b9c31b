/** Stock: warehouses, stock levels, movements, allocations, CRD capsules, DRM months. */
export * from './stock.tables';
export { createStockRouter } from './stock.router';
export {
  applyMovements,
  assertMonthOpen,
  parisMonthOf,
  unitClOf,
  recomputeWebStock,
  formatLabel,
  CLOSED_ORDER_STATUSES,
  type MovementInput,
  type MovementContext,
} from './stock.movements';
export { STOCK_MESSAGES } from './stock.messages';
export { allocatedToBuyer, consumeAllocations, releaseEndedAllocations, type AllocationBuyer } from './stock.allocations';
