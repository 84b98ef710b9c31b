import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_KEEP_ALIVE_MS, globalAgentIdleMs, keepConnectionsLongerThanClients } from './keep-alive';

describe('keep-alive between the gateway and the api', () => {
  it('outlasts the idle timeout of the pools that call the api (Node agent, undici 4 s)', () => {
    const server = keepConnectionsLongerThanClients(createServer());
    expect(server.keepAliveTimeout).toBe(API_KEEP_ALIVE_MS);
    expect(server.keepAliveTimeout).toBeGreaterThan(globalAgentIdleMs());
    expect(server.keepAliveTimeout).toBeGreaterThan(4_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('answers in the header how long an idle connection stays open', async () => {
    const server = keepConnectionsLongerThanClients(createServer((_req, res) => res.end('ok')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const header = await new Promise<string | undefined>((resolve, reject) => {
        const req = request({ port, host: '127.0.0.1', headers: { Connection: 'keep-alive' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers['keep-alive'] as string | undefined));
        });
        req.on('error', reject);
        req.end();
      });
      expect(header).toBe(`timeout=${API_KEEP_ALIVE_MS / 1000}`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
