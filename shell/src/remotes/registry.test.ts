import { fetchRegistry, RegistryError } from './registry';
import { registryFixture } from '../test/fixtures';

const respond = (status: number, body: unknown) =>
  (async () => ({ ok: status < 400, status, json: async () => body }) as unknown as Response) as unknown as typeof fetch;

test('returns the registry the gateway served', async () => {
  const registry = registryFixture();
  await expect(fetchRegistry(respond(200, registry))).resolves.toEqual(registry);
});

test.each([
  ['no remotes list', { version: '1' }],
  ['a remote without entry', { version: '1', remotes: [{ name: 'mfe-x', routes: [] }] }],
  ['a route without roles', { version: '1', remotes: [{ name: 'mfe-x', entry: '/x', routes: [{ path: '/x', layout: 'default', permissions: [], modules: [] }] }] }],
])('rejects a registry with %s', async (_label, body) => {
  await expect(fetchRegistry(respond(200, body))).rejects.toBeInstanceOf(RegistryError);
});

test('a failing or unreachable gateway is a RegistryError', async () => {
  await expect(fetchRegistry(respond(503, {}))).rejects.toThrow('/remotes.json a répondu 503');
  const down = (async () => { throw new TypeError('fetch failed'); }) as unknown as typeof fetch;
  await expect(fetchRegistry(down)).rejects.toThrow('Impossible de joindre le serveur.');
});
