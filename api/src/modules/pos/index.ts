/** The cash register: salespoints, sessions, tickets, closings, the chained journal. */
export * from './pos.tables';
export { createPosRouter } from './pos.router';
export { createPosService, startOverdueClosingSweep, type PosService } from './pos.service';
export { POS_STOCK_JOB } from './pos.stock';
export { posStockJobHandler } from './pos.stock-job';
