/** Personal API keys (modules/api-keys): the /v1/api-keys endpoints and the Bearer wzk_… exchange. */
export * from './api-keys.tables';
export { apiKeyBearer, createApiKeysRouter } from './api-keys.router';
export { API_KEY_PREFIX } from './api-keys.service';
