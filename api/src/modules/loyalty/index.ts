/** Issue 18 (in progress): the tables; the router and service come with the screens. */
export * from './loyalty.tables';
