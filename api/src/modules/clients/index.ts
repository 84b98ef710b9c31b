/** Professional clients of a shop: price-grid requests and client memberships (modules/clients). */
export { createClientsRouter } from './clients.router';
export { CLIENTS_MESSAGES, PRICE_GRID_NOTIFICATION_TYPE } from './clients.service';
