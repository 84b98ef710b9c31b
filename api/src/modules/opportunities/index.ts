/** Sales opportunities of a shop: the pipeline board. */
export * from './opportunities.tables';
export { createOpportunitiesRouter } from './opportunities.router';
