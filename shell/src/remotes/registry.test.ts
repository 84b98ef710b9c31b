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
  [
    'a route without roles',
    { version: '1', remotes: [{ name: 'mfe-x', entry: '/x', routes: [{ path: '/x', layout: 'default', permissions: [], modules: [] }] }] },
  ],
])('rejects a registry with %s', async (_label, body) => {
  await expect(fetchRegistry(respond(200, body))).rejects.toBeInstanceOf(RegistryError);
});

test('a failing or unreachable gateway is a RegistryError', async () => {
  await expect(fetchRegistry(respond(503, {}))).rejects.toThrow('/remotes.json a répondu 503');
  const down = (async () => {
    throw new TypeError('fetch failed');
  }) as unknown as typeof fetch;
  await expect(fetchRegistry(down)).rejects.toThrow('Impossible de joindre le serveur.');
});

describe('registry inlined by the gateway', () => {
  const registry = registryFixture();
  afterEach(() => document.getElementById('wz-remotes')?.remove());
  const inline = (text: string) => {
    const s = document.createElement('script');
    s.id = 'wz-remotes';
    s.type = 'application/json';
    s.textContent = text;
    document.head.appendChild(s);
  };

  it('is used instead of fetching /remotes.json, and read only once', async () => {
    inline(JSON.stringify(registry));
    const fetchImpl = jest.fn(respond(200, { version: 'x', remotes: [] }));
    await expect(fetchRegistry(fetchImpl)).resolves.toEqual(registry);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(document.getElementById('wz-remotes')).toBeNull();
  });

  it('falls back to /remotes.json when the inlined registry is not valid', async () => {
    inline('{"remotes": 3');
    const fetchImpl = jest.fn(respond(200, registry));
    await expect(fetchRegistry(fetchImpl)).resolves.toEqual(registry);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
