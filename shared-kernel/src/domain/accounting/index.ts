/** Pre-accounting: the chart of accounts, the entries generated from the documents, the FEC. */
export * from './chart';
export * from './posting';
export * from './fec';
export * from './fiscal-days';
export * from './opening';
