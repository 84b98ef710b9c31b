import type { RemoteModule, RemotesRegistry } from 'shared-kernel/contracts';
import { resetContributions, useContributions } from 'shared-kernel/runtime';
import { createShell } from '../app/create-shell';
import { fetchRegistry, RegistryError, settingsSectionsOf } from './registry';
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
  ['settings sections that are not a list', { version: '1', remotes: [{ name: 'mfe-x', entry: '/x', routes: [], settingsSections: {} }] }],
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

describe('settings sections', () => {
  const section = (key: string, order: number) => ({
    key,
    title: key,
    titleEn: key,
    roles: ['owner' as const],
    permissions: [],
    modules: [],
    order,
  });
  const registry: RemotesRegistry = {
    version: '1',
    remotes: [
      {
        name: 'mfe-auth',
        entry: '/apps/mfe-auth/mf-manifest.json',
        routes: [],
        settingsSections: [section('account', 10), section('infos', 20)],
      },
      { name: 'mfe-cart', entry: '/apps/mfe-cart/mf-manifest.json', routes: [] },
      { name: 'mfe-sales', entry: '/apps/mfe-sales/mf-manifest.json', routes: [], settingsSections: [section('billing', 15)] },
    ],
  };
  afterEach(resetContributions);

  it('are every remote’s, in their order across remotes, each with the federation name of its remote', () => {
    expect(settingsSectionsOf(registry).map((s) => [s.key, s.remote, s.permissions, s.modules])).toEqual([
      ['account', 'mfe_auth', [], []],
      ['billing', 'mfe_sales', [], []],
      ['infos', 'mfe_auth', [], []],
    ]);
  });

  it('are lent to the remotes with the shell’s module cache (one load per remote, shared with the pages)', async () => {
    const sales: RemoteModule = { name: 'mfe-sales', pages: {}, settingsSections: {} };
    const loader = jest.fn(async () => sales);
    const shell = createShell(registry, loader);
    const lent = useContributions.getState();
    expect(lent.settingsSections.map((s) => s.key)).toEqual(['account', 'billing', 'infos']);
    expect(lent.peekModule('mfe_sales')).toBeUndefined();
    await expect(lent.loadModule('mfe_sales')).resolves.toBe(sales);
    await expect(shell.modules.load('mfe_sales')).resolves.toBe(sales);
    expect(lent.peekModule('mfe_sales')).toBe(sales);
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
