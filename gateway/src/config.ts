import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export type Env = Record<string, string | undefined>;

export interface GatewayConfig {
  port: number;
  host: string;
  /** Base URL of the api, without trailing slash; /v1/* is proxied there unchanged. */
  apiUrl: string;
  /** Repository root (holds shell/, mfe-*, gateway/). */
  rootDir: string;
  /** The shell's built files (index.html + hashed assets). */
  shellDir: string;
  /** Registry config file (remotes.config.json). Remote dirs are relative to its folder. */
  remotesConfigPath: string;
  /** APP_VERSION when set: served as is. */
  appVersion?: string;
  /** Root package.json version, the first half of the default version. */
  baseVersion: string;
  /** BUILD_ID when set; otherwise the build id is a hash of the deployed front-end files. */
  buildId?: string;
  logLevel: string;
  /** Where REMOTE_<NAME>_URL / REMOTE_<NAME>_ROUTES_URL overrides are read (process.env in production). */
  env: Env;
  healthTimeoutMs: number;
  /** Time the proxy waits for the api's answer before giving up with 502. */
  proxyTimeoutMs: number;
  /** api lookups for the SEO tags of shop and product pages (then the plain index.html). */
  seoTimeoutMs: number;
  /** Timeout of the fetch of a separately deployed remote's routes.json. */
  routesFetchTimeoutMs: number;
  /** Minimum delay between two mtime checks of the registry files. */
  registryRecheckMs: number;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got '${value}'`);
  return n;
}

function readRootVersion(rootDir: string): string {
  try {
    const pkg = JSON.parse(readFileSync(resolve(rootDir, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * Default repository root: this file is bundled to gateway/dist/server.js and run from
 * source as gateway/src/*.ts — in both cases the root is two folders up.
 */
export const DEFAULT_ROOT_DIR = resolve(__dirname, '..', '..');

export function loadConfig(env: Env = process.env): GatewayConfig {
  const rootDir = resolve(env.ROOT_DIR || DEFAULT_ROOT_DIR);
  const apiUrl = (env.API_URL || 'http://127.0.0.1:4000').replace(/\/+$/, '');
  try {
    new URL(apiUrl);
  } catch {
    throw new Error(`API_URL is not a valid URL: '${apiUrl}'`);
  }
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    apiUrl,
    rootDir,
    shellDir: resolve(rootDir, env.SHELL_DIR || 'shell/dist'),
    remotesConfigPath: resolve(rootDir, env.REMOTES_CONFIG || 'gateway/remotes.config.json'),
    appVersion: env.APP_VERSION || undefined,
    baseVersion: readRootVersion(rootDir),
    buildId: env.BUILD_ID || undefined,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    env,
    healthTimeoutMs: int(env.HEALTH_TIMEOUT_MS, 1500, 'HEALTH_TIMEOUT_MS'),
    proxyTimeoutMs: int(env.PROXY_TIMEOUT_MS, 60_000, 'PROXY_TIMEOUT_MS'),
    seoTimeoutMs: int(env.SEO_TIMEOUT_MS, 1500, 'SEO_TIMEOUT_MS'),
    routesFetchTimeoutMs: int(env.ROUTES_FETCH_TIMEOUT_MS, 3000, 'ROUTES_FETCH_TIMEOUT_MS'),
    registryRecheckMs: int(env.REGISTRY_RECHECK_MS, 1000, 'REGISTRY_RECHECK_MS'),
  };
}

/** 'mfe-shop' → 'MFE_SHOP' (the <NAME> of REMOTE_<NAME>_URL). */
export function envKey(remoteName: string): string {
  return remoteName.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}
