/** The cash register: salespoints, sessions, tickets, closings, the chained journal. */
export * from './pos.tables';
export { createPosRouter } from './pos.router';
export { createPosService, POS_STOCK_JOB, type PosService } from './pos.service';
export { posStockJobHandler } from './pos.stock-job';
