/** Primeurs: futures campaigns, their clients' orders with deposit and final invoices (through the sales module). */
export * from './futures.tables';
export { createFuturesRouter } from './futures.router';
export { createFuturesService, managedByCampaign, orderFigures, type FuturesService } from './futures.service';
