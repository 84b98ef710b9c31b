// Test helpers: a fake repository root in os.tmpdir() with built-looking shell and remotes,
// and tiny HTTP servers on ephemeral ports. Not part of the bundle (only *.test.ts import it).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RouteMeta } from 'shared-kernel/contracts';

export const AUTH_ROUTES: RouteMeta[] = [
  { path: '/auth/login', layout: 'auth', roles: ['public'], titleKey: 'auth.login', title: 'Connexion', guestOnly: true },
  { path: '/auth/register', layout: 'auth', roles: ['public'], titleKey: 'auth.register', title: 'Inscription', guestOnly: true },
];
export const SHOP_ROUTES: RouteMeta[] = [
  { path: '/shops/:id', layout: 'shops', roles: ['public', 'buyer', 'owner', 'iam'], titleKey: 'shop.page', title: 'Boutique' },
];

/** Big enough (and repetitive enough) to be compressed. */
export const BIG_JS = `/* main */\n${'export const x = "du vin, du pain, du fromage";\n'.repeat(400)}`;

export function write(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

export interface Fixture {
  root: string;
  cleanup(): void;
}

/**
 * root/
 *   package.json (version 1.2.3)
 *   gateway/remotes.config.json  → mfe-auth, mfe-shop, mfe-cart
 *   shell/dist/index.html, static/js/main.0123456789.js, favicon.ico
 *   mfe-auth/dist/ mf-manifest.json, remoteEntry.js, routes.json, static/js/123.abcdef0123.js
 *   mfe-shop/dist/ mf-manifest.json, remoteEntry.js, routes.json
 *   mfe-cart/dist/ mf-manifest.json, remoteEntry.js (no routes.json)
 */
export function makeFixture(): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'gateway-test-'));
  write(join(root, 'package.json'), JSON.stringify({ name: 'fixture', version: '1.2.3' }));
  write(
    join(root, 'gateway/remotes.config.json'),
    JSON.stringify({
      remotes: ['mfe-auth', 'mfe-shop', 'mfe-cart'].map((name) => ({ name, dir: `../${name}/dist`, publicPath: `/apps/${name}/` })),
    }),
  );
  write(
    join(root, 'shell/dist/index.html'),
    '<!doctype html><html lang="fr"><head><script defer src="/static/js/main.0123456789.js"></script></head><body><div id="root"></div></body></html>',
  );
  write(join(root, 'shell/dist/static/js/main.0123456789.js'), BIG_JS);
  write(join(root, 'shell/dist/favicon.ico'), 'ico');
  for (const name of ['mfe-auth', 'mfe-shop', 'mfe-cart']) {
    const dist = join(root, name, 'dist');
    write(
      join(dist, 'mf-manifest.json'),
      JSON.stringify({ id: name, name: name.replace(/-/g, '_'), metaData: { remoteEntry: { name: 'remoteEntry.js' } } }),
    );
    write(join(dist, 'remoteEntry.js'), `/* ${name} remote entry */ var x = 1;`);
  }
  write(join(root, 'mfe-auth/dist/routes.json'), JSON.stringify(AUTH_ROUTES));
  write(join(root, 'mfe-auth/dist/static/js/123.abcdef0123.js'), 'console.log("chunk");');
  write(join(root, 'mfe-auth/dist/static/js/nohash.js'), 'console.log("nohash");');
  write(join(root, 'mfe-shop/dist/routes.json'), JSON.stringify(SHOP_ROUTES));
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export function listen(server: Server): Promise<number> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolveListen((server.address() as AddressInfo).port));
  });
}

export function close(server: Server): Promise<void> {
  return new Promise((resolveClose) => {
    server.closeAllConnections();
    server.close(() => resolveClose());
  });
}

/** A port nothing listens on (bound then released). */
export async function deadPort(): Promise<number> {
  const { createServer } = await import('node:http');
  const s = createServer();
  const port = await listen(s);
  await close(s);
  return port;
}
