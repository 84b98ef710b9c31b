/** The cash register: ticket pricing, the customer display's frames, the journal's canonical content. */
export * from './ticket';
export * from './display';
export * from './chain';
