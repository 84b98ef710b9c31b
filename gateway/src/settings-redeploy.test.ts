// A team changes its settings by releasing its own remote (DESIGN §8): a new mfe-sales build (its dist/routes.json, or
// the copy published beside a separately deployed manifest) changes the settings sections /remotes.json lists, with
// nothing else rebuilt — not the shell, not mfe-auth (which hosts the settings page), not the gateway.
import { createServer } from 'node:http';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { remotesRegistrySchema, type RouteMeta, type SettingsSectionMeta } from 'shared-kernel/contracts';
import { createApp, type GatewayApp } from './app';
import { loadConfig, type Env } from './config';
import { AUTH_ROUTES, close, deadPort, listen, makeFixture, write, type Fixture } from './test-fixtures';

const SALES_ROUTES: RouteMeta[] = [
  { path: '/dashboard/orders', layout: 'dashboard', roles: ['owner', 'iam'], titleKey: 'sales.orders', title: 'Commandes' },
];
const BILLING: SettingsSectionMeta = { key: 'billing', title: 'Facturation', titleEn: 'Billing', roles: ['owner'], order: 60 };
const DELIVERY: SettingsSectionMeta = {
  key: 'delivery',
  title: 'Livraison',
  titleEn: 'Delivery',
  roles: ['owner', 'iam'],
  permissions: ['manageDelivery'],
  order: 70,
};
const AUTH_SECTIONS: SettingsSectionMeta[] = [
  { key: 'account', title: 'Mon compte', titleEn: 'My account', roles: ['buyer', 'owner', 'iam', 'agent'], order: 10 },
];

let fx: Fixture;
let deadApi: string;

beforeAll(async () => {
  deadApi = `http://127.0.0.1:${await deadPort()}`;
});
beforeEach(() => {
  fx = makeFixture();
  // the fixture's three remotes, plus mfe-sales
  write(
    join(fx.root, 'gateway/remotes.config.json'),
    JSON.stringify({ remotes: ['mfe-auth', 'mfe-shop', 'mfe-cart', 'mfe-sales'].map((name) => ({ name, dir: `../${name}/dist` })) }),
  );
  write(join(fx.root, 'mfe-auth/dist/routes.json'), JSON.stringify({ routes: AUTH_ROUTES, settingsSections: AUTH_SECTIONS }));
  const sales = join(fx.root, 'mfe-sales/dist');
  write(
    join(sales, 'mf-manifest.json'),
    JSON.stringify({ id: 'mfe-sales', name: 'mfe_sales', metaData: { remoteEntry: { name: 'remoteEntry.js' } } }),
  );
  write(join(sales, 'remoteEntry.js'), '/* mfe-sales remote entry */ var x = 1;');
  write(join(sales, 'routes.json'), JSON.stringify({ routes: SALES_ROUTES, settingsSections: [BILLING] }));
});
afterEach(() => fx.cleanup());

function gateway(env: Env = {}): GatewayApp {
  return createApp(loadConfig({ ROOT_DIR: fx.root, API_URL: deadApi, LOG_LEVEL: 'silent', REGISTRY_RECHECK_MS: '0', ...env }));
}

async function registry(app: GatewayApp) {
  return remotesRegistrySchema.parse((await request(app).get('/remotes.json').expect(200)).body);
}
const sectionsOf = (body: Awaited<ReturnType<typeof registry>>, name: string) =>
  body.remotes.find((r) => r.name === name)!.settingsSections!.map((s) => [s.key, s.title, s.titleEn]);

/** The files the other parts of the product are served from: their content and mtime, to show they were not touched. */
function othersOnDisk(): string[] {
  return ['shell/dist/index.html', 'mfe-auth/dist/routes.json', 'mfe-auth/dist/mf-manifest.json', 'mfe-auth/dist/remoteEntry.js'].map(
    (f) => `${f}:${statSync(join(fx.root, f)).mtimeMs}:${readFileSync(join(fx.root, f), 'utf8').length}`,
  );
}

it('a new mfe-sales build on the same host: a renamed section and a new one are listed, the rest as it was', async () => {
  const app = gateway();
  const before = await registry(app);
  expect(sectionsOf(before, 'mfe-sales')).toEqual([['billing', 'Facturation', 'Billing']]);
  const others = othersOnDisk();

  // mfe-sales rebuilt alone: its build rewrites dist/routes.json (and its remoteEntry)
  const file = join(fx.root, 'mfe-sales/dist/routes.json');
  write(file, JSON.stringify({ routes: SALES_ROUTES, settingsSections: [{ ...BILLING, title: 'Facturation et relances' }, DELIVERY] }));
  const later = new Date(Date.now() + 5000);
  utimesSync(file, later, later);

  const after = await registry(app);
  expect(sectionsOf(after, 'mfe-sales')).toEqual([
    ['billing', 'Facturation et relances', 'Billing'],
    ['delivery', 'Livraison', 'Delivery'],
  ]);
  expect(after.remotes.find((r) => r.name === 'mfe-sales')!.settingsSections![1]).toEqual({ ...DELIVERY, modules: [] });
  // open tabs learn there is a new version; the other remotes are listed exactly as before, their files untouched
  expect(after.version).not.toBe(before.version);
  expect(after.remotes.filter((r) => r.name !== 'mfe-sales')).toEqual(before.remotes.filter((r) => r.name !== 'mfe-sales'));
  expect(othersOnDisk()).toEqual(others);
});

it('a separately deployed mfe-sales (REMOTE_MFE_SALES_URL): its published sections, the new ones after SIGHUP', async () => {
  let published: unknown = { routes: SALES_ROUTES, settingsSections: [BILLING] };
  const cdn = express();
  cdn.get('/mfe-sales/routes.json', (_req, res) => res.json(published));
  const server = createServer(cdn);
  const origin = `http://127.0.0.1:${await listen(server)}`;
  try {
    // the local dist says something else: the deployed copy wins (metadata and code of the same release)
    write(join(fx.root, 'mfe-sales/dist/routes.json'), JSON.stringify({ routes: SALES_ROUTES, settingsSections: [] }));
    const app = gateway({ REMOTE_MFE_SALES_URL: `${origin}/mfe-sales/mf-manifest.json` });
    const before = await registry(app);
    expect(before.remotes.find((r) => r.name === 'mfe-sales')!.entry).toBe(`${origin}/mfe-sales/mf-manifest.json`);
    expect(sectionsOf(before, 'mfe-sales')).toEqual([['billing', 'Facturation', 'Billing']]);

    // the team releases a new mfe-sales on its CDN
    published = { routes: SALES_ROUTES, settingsSections: [{ ...BILLING, title: 'Facturation et relances' }, DELIVERY] };
    // fetched once per start or SIGHUP: unchanged until then
    expect(sectionsOf(await registry(app), 'mfe-sales')).toEqual([['billing', 'Facturation', 'Billing']]);
    app.registry.reload();
    const after = await registry(app);
    expect(sectionsOf(after, 'mfe-sales')).toEqual([
      ['billing', 'Facturation et relances', 'Billing'],
      ['delivery', 'Livraison', 'Delivery'],
    ]);
    expect(sectionsOf(after, 'mfe-auth')).toEqual([['account', 'Mon compte', 'My account']]);
    expect(after.version).not.toBe(before.version);

    // a malformed release is refused whole: the local routes.json is used (here with no section), mfe-auth untouched
    published = { routes: SALES_ROUTES, settingsSections: [{ ...BILLING, roles: [] }] };
    app.registry.reload();
    const broken = await registry(app);
    expect(sectionsOf(broken, 'mfe-sales')).toEqual([]);
    expect(sectionsOf(broken, 'mfe-auth')).toEqual([['account', 'Mon compte', 'My account']]);
  } finally {
    await close(server);
  }
});
