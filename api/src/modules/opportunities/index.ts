/** Sales opportunities of a shop: the pipeline board (issue 13). */
export * from './opportunities.tables';
export { createOpportunitiesRouter } from './opportunities.router';
