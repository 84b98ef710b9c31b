/** The client file of a shop and the price-grid requests of professional buyers (modules/clients). */
export * from './clients.tables';
export { createClientsRouter } from './clients.router';
export { CLIENTS_MESSAGES, PRICE_GRID_NOTIFICATION_TYPE } from './clients.service';
export { createCrmClientsService, clientName, departmentOf, type CrmClientsService } from './crm.service';
export { clientCode } from './client-code';
