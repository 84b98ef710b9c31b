/** Loyalty programmes: the programme, the points of a client file (ledger), earning / spending / taking back. */
export * from './loyalty.tables';
export { createLoyaltyRouter } from './loyalty.router';
export {
  buyerClientFile,
  resolveCartLoyalty,
  spendForOrder,
  syncOrdersLoyalty,
  syncTicketLoyalty,
  type CartLoyaltyLine,
  type ResolvedLoyalty,
} from './loyalty.service';
