import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// react-router and react-i18next are Module Federation singletons only through shared-kernel/router and
// shared-kernel/i18n (tooling/rspack/shared.mjs). A remote importing them directly would bundle its own copy, with
// its own router context and its own i18n binding: its links and hooks would break at runtime, not at build time.
const ROOT = join(__dirname, '..', '..', '..');
const APPS = readdirSync(ROOT)
  .filter((d) => d === 'shell' || d.startsWith('mfe-'))
  .map((d) => join(ROOT, d, 'src'));
const KERNEL = join(ROOT, 'shared-kernel', 'src');
// mfe-shop's server render (the gateway's first paint) is a Node bundle of its own, never federated: it brings its
// own router and i18n providers.
const ALLOWED = [
  join(KERNEL, 'router', 'index.ts'),
  join(KERNEL, 'i18next', 'index.ts'),
  join(ROOT, 'mfe-shop', 'src', 'ssr', 'first-paint.tsx'),
];
const DIRECT = /from\s+['"](react-router|react-router-dom|react-i18next)['"]/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'test' || name === 'testing' ? [] : sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/test-utils/.test(name) ? [p] : [];
  });
}

it('application code reaches react-router and react-i18next only through shared-kernel', () => {
  const offenders = [...APPS, KERNEL]
    .flatMap(sources)
    .filter((f) => !ALLOWED.includes(f) && DIRECT.test(readFileSync(f, 'utf8')))
    .map((f) => relative(ROOT, f));
  expect(offenders).toEqual([]);
});
