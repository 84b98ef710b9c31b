/** Messaging between buyers and shops (/tickets). */
export * from './tickets.tables';
export { createTicketsRouter } from './tickets.router';
export { createTicketsService, type TicketsService } from './tickets.service';
