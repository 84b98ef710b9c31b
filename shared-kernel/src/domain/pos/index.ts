/** The cash register (issue 16): ticket pricing, the customer display's frames, the journal's canonical content. */
export * from './ticket';
export * from './display';
export * from './chain';
