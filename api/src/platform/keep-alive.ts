import { globalAgent, type Server } from 'node:http';

/**
 * How long the api keeps an idle keep-alive connection open. The gateway (http-proxy through Node's global agent)
 * and server-side fetch (undici) pool their connections to the api and close an idle one after 5 s and 4 s. With
 * Node's server default (5 s) both sides close at the same moment: the pool hands a request to a socket the server
 * is closing, the request fails with ECONNRESET and the user gets a 502 « Service momentanément indisponible ».
 * The server must outlast every client's idle timeout (Node's http docs, `server.keepAliveTimeout`), so clients
 * always close first; headersTimeout must exceed it (a request's headers arrive within the same window).
 */
export const API_KEEP_ALIVE_MS = 65_000;

export function keepConnectionsLongerThanClients(server: Server): Server {
  server.keepAliveTimeout = API_KEEP_ALIVE_MS;
  server.headersTimeout = API_KEEP_ALIVE_MS + 1_000;
  return server;
}

/** The idle timeout of Node's global agent (what the gateway's proxy pools with), for the test. */
export function globalAgentIdleMs(): number {
  return Number((globalAgent as unknown as { options: { timeout?: number } }).options.timeout ?? 5_000);
}
