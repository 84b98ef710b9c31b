/** The till offline: tickets queued in IndexedDB while the api cannot be reached, the catalogue cached. */
export { createTillQueue, type TillQueue, type TillQueueDeps, type TillQueueState, type SubmitResult } from './queue';
export { useTillQueue, useCachedCatalog, catalogKey } from './hooks';
export { type QueuedTicket, type SentTicket, type TillTicketInput, DB_NAME } from './db';
export { isUnreachable, isRefusal } from './net';
export { OFFLINE_PAYMENT_METHODS, OFFLINE_MESSAGES, priceOffline } from './offline-ticket';
