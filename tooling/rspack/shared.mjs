// Module Federation shared singletons: the same list in every package (DESIGN §2).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'zustand',
  '@tanstack/react-query',
  'i18next',
  'antd',
  '@ant-design/cssinjs',
  '@ant-design/icons',
  'dayjs',
];
// shared-kernel's stateful subpaths (stores, bus, i18n instance, popup host) must exist once in
// the page, whichever remote imports them first. Its pure subpaths (domain, validation,
// contracts) are stateless: each build bundles its own copy, so a remote deployed on its own
// always runs the rules and schemas it was built with, never an older copy from the shell.
// react-router and react-i18next are shared only through shared-kernel/router and shared-kernel/i18n: those
// modules re-export what the product uses, so the rest of those packages is tree-shaken out of every page.
const KERNEL_SUBPATHS = ['runtime', 'ui', 'i18n', 'i18next', 'router'];

function packageName(spec) {
  return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
}

/** Shared config for the package at `pkgDir`, using the versions it declares. */
export function sharedConfig(pkgDir) {
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const deps = { ...(pkg.dependencies ?? {}) };
  const shared = {};
  for (const spec of SINGLETONS) {
    const version = deps[packageName(spec)];
    if (!version) continue;
    shared[spec] = { singleton: true, requiredVersion: `^${version}` };
  }
  if (deps['shared-kernel']) {
    for (const sub of KERNEL_SUBPATHS) {
      shared[`shared-kernel/${sub}`] = { singleton: true, requiredVersion: false, version: '0.1.0' };
    }
  }
  return shared;
}
