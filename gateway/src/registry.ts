import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Logger } from 'pino';
import { remoteBuildMetaSchema, remotesRegistrySchema } from 'shared-kernel/contracts';
import type { RemoteBuildMeta, RemotesRegistry } from 'shared-kernel/contracts';
import { envKey, type GatewayConfig } from './config';

/** One remote as the gateway knows it: registry config entry + environment overrides. */
export interface ResolvedRemote {
  name: string;
  /** Absolute path of the remote's dist folder. */
  dir: string;
  /** URL prefix its files are served under, '/apps/<name>/'. */
  publicPath: string;
  /** REMOTE_<NAME>_URL: the manifest of a separately deployed copy. */
  manifestUrl?: string;
  /** REMOTE_<NAME>_ROUTES_URL. */
  routesUrl?: string;
}

export interface RegistryState {
  registry: RemotesRegistry;
  remotes: ResolvedRemote[];
  /** Absolute http(s) origins of overridden remotes (allowed by the CSP). */
  remoteOrigins: string[];
}

const NAME_RE = /^[a-z0-9][a-z0-9-]*$/;

/** Reads and checks remotes.config.json; throws a readable error when it is malformed. */
export function readRemotesConfig(configPath: string, env: GatewayConfig['env']): ResolvedRemote[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(configPath, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read registry config ${configPath}: ${(err as Error).message}`);
  }
  const list = (raw as { remotes?: unknown })?.remotes;
  if (!Array.isArray(list)) throw new Error(`${configPath}: expected { "remotes": [...] }`);
  const baseDir = dirname(configPath);
  const seen = new Set<string>();
  return list.map((item: unknown, i: number): ResolvedRemote => {
    const r = item as { name?: unknown; dir?: unknown; publicPath?: unknown };
    if (typeof r?.name !== 'string' || !NAME_RE.test(r.name)) {
      throw new Error(`${configPath}: remotes[${i}].name must match ${NAME_RE}`);
    }
    if (seen.has(r.name)) throw new Error(`${configPath}: remote '${r.name}' listed twice`);
    seen.add(r.name);
    if (typeof r.dir !== 'string' || !r.dir) throw new Error(`${configPath}: remotes[${i}].dir must be a path`);
    const expected = `/apps/${r.name}/`;
    if (r.publicPath !== undefined && r.publicPath !== expected) {
      throw new Error(`${configPath}: remotes[${i}].publicPath must be '${expected}'`);
    }
    const key = envKey(r.name);
    return {
      name: r.name,
      dir: resolve(baseDir, r.dir),
      publicPath: expected,
      manifestUrl: env[`REMOTE_${key}_URL`] || undefined,
      routesUrl: env[`REMOTE_${key}_ROUTES_URL`] || undefined,
    };
  });
}

function httpOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined; // relative URL: same origin
  }
}

async function fileSig(path: string): Promise<string> {
  try {
    const s = await stat(path);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return '-';
  }
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

const buildMetaSchema = remoteBuildMetaSchema;
const NO_META: RemoteBuildMeta = { routes: [], widgets: [], settingsSections: [] };

/**
 * GET /remotes.json and /version.json state. Built on first use, kept in memory, rebuilt
 * when the config file, the shell's index.html or a remote's routes.json / mf-manifest.json
 * changes on disk (mtime check, at most every `registryRecheckMs`), and on reload() (SIGHUP),
 * which also re-fetches the routes of separately deployed remotes.
 */
export class RegistryStore {
  private state?: RegistryState;
  private signature = '';
  private lastCheck = 0;
  private pending?: Promise<RegistryState>;
  /** Routes fetched over HTTP for overridden remotes, kept until reload(). */
  private fetched = new Map<string, RemoteBuildMeta | undefined>();
  private configured: ResolvedRemote[];

  constructor(
    private readonly config: GatewayConfig,
    private readonly log: Logger,
  ) {
    // A broken registry config at start-up is a deployment error: fail loudly.
    this.configured = readRemotesConfig(config.remotesConfigPath, config.env);
  }

  /** The remotes of the last loaded config (used to serve /apps/<name>/). */
  remotes(): ResolvedRemote[] {
    return this.state?.remotes ?? this.configured;
  }

  /** Origins of overridden remotes, known from the config without any I/O. */
  remoteOrigins(): string[] {
    return originsOf(this.remotes());
  }

  /** Forget everything: the next get() re-reads the config and re-fetches remote routes. */
  reload(): void {
    this.signature = '';
    this.lastCheck = 0;
    this.fetched.clear();
    this.log.info('registry reload requested');
  }

  async get(): Promise<RegistryState> {
    if (this.pending) return this.pending;
    const now = Date.now();
    if (this.state && now - this.lastCheck < this.config.registryRecheckMs) return this.state;
    this.pending = this.refreshIfChanged().finally(() => {
      this.pending = undefined;
      this.lastCheck = Date.now();
    });
    return this.pending;
  }

  private async currentSignature(remotes: ResolvedRemote[]): Promise<string> {
    const files = [this.config.remotesConfigPath, join(this.config.shellDir, 'index.html')];
    for (const r of remotes) files.push(join(r.dir, 'routes.json'), join(r.dir, 'mf-manifest.json'));
    return (await Promise.all(files.map(fileSig))).join('|');
  }

  private async refreshIfChanged(): Promise<RegistryState> {
    let remotes = this.configured;
    let sig = await this.currentSignature(remotes);
    if (this.state && sig === this.signature) return this.state;
    try {
      remotes = readRemotesConfig(this.config.remotesConfigPath, this.config.env);
      this.configured = remotes;
      sig = await this.currentSignature(remotes);
    } catch (err) {
      if (!this.state) throw err;
      this.log.error({ err }, 'registry config unreadable, keeping the previous registry');
      this.signature = sig;
      return this.state;
    }
    const state = await this.build(remotes);
    this.state = state;
    this.signature = sig;
    return state;
  }

  private async build(remotes: ResolvedRemote[]): Promise<RegistryState> {
    const hash = createHash('sha256');
    hash.update((await readOptional(join(this.config.shellDir, 'index.html'))) ?? 'no-shell');
    const entries = [];
    for (const r of remotes) {
      const { routes, widgets, settingsSections } = (await this.routesOf(r)) ?? NO_META;
      const entry = r.manifestUrl ?? `${r.publicPath}mf-manifest.json`;
      if (!r.manifestUrl) {
        const manifest = await readOptional(join(r.dir, 'mf-manifest.json'));
        if (manifest === undefined) this.log.warn({ remote: r.name, dir: r.dir }, 'remote not built: mf-manifest.json missing');
        hash.update(manifest ?? 'missing');
      }
      hash.update(`${r.name}|${entry}|${JSON.stringify(routes)}|${JSON.stringify(widgets)}|${JSON.stringify(settingsSections)}`);
      entries.push({ name: r.name, entry, routes, widgets, settingsSections });
    }
    const buildId = this.config.buildId ?? hash.digest('hex').slice(0, 10);
    const version = this.config.appVersion ?? `${this.config.baseVersion}+${buildId}`;
    const registry = remotesRegistrySchema.parse({ version, remotes: entries });
    this.log.info({ version, remotes: entries.map((e) => `${e.name}(${e.routes.length})`).join(' ') }, 'registry loaded');
    return { registry, remotes, remoteOrigins: originsOf(remotes) };
  }

  /**
   * Routes (and dashboard widgets, settings sections) of one remote:
   * - overridden remote (REMOTE_<NAME>_URL absolute): REMOTE_<NAME>_ROUTES_URL, or else the routes.json
   *   published beside the overridden manifest (same deployment, so route metadata and code match);
   *   fetched once (start / SIGHUP); on failure, the local routes.json, then [];
   * - otherwise <dir>/routes.json; missing or invalid → [] with a warning.
   */
  private async routesOf(r: ResolvedRemote): Promise<RemoteBuildMeta> {
    const remoteUrl = r.routesUrl ?? (httpOrigin(r.manifestUrl) ? new URL('routes.json', r.manifestUrl).href : undefined);
    if (remoteUrl) {
      if (!this.fetched.has(r.name)) this.fetched.set(r.name, await this.fetchRoutes(r.name, remoteUrl));
      const got = this.fetched.get(r.name);
      if (got) return got;
    }
    const file = join(r.dir, 'routes.json');
    let text: string | undefined;
    try {
      text = await readOptional(file);
    } catch (err) {
      this.log.warn({ remote: r.name, err }, 'routes.json unreadable: remote listed without routes');
      return NO_META;
    }
    if (text === undefined) {
      this.log.warn({ remote: r.name, file }, 'routes.json missing: remote listed without routes');
      return NO_META;
    }
    return this.parseRoutes(r.name, text, file) ?? NO_META;
  }

  private parseRoutes(name: string, text: string, source: string): RemoteBuildMeta | undefined {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      this.log.warn({ remote: name, source, err: (err as Error).message }, 'routes.json is not JSON: remote listed without routes');
      return undefined;
    }
    const parsed = buildMetaSchema.safeParse(json);
    if (!parsed.success) {
      this.log.warn(
        { remote: name, source, issues: parsed.error.issues.slice(0, 5) },
        'routes.json does not match RouteMeta[] or { routes, widgets, settingsSections }: remote listed without routes',
      );
      return undefined;
    }
    return parsed.data;
  }

  private async fetchRoutes(name: string, url: string): Promise<RemoteBuildMeta | undefined> {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.config.routesFetchTimeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return this.parseRoutes(name, await res.text(), url);
    } catch (err) {
      this.log.warn(
        { remote: name, url, err: (err as Error).message },
        'cannot fetch remote routes, falling back to the local routes.json',
      );
      return undefined;
    }
  }
}

function originsOf(remotes: ResolvedRemote[]): string[] {
  const set = new Set<string>();
  for (const r of remotes) {
    const o = httpOrigin(r.manifestUrl);
    if (o) set.add(o);
  }
  return [...set];
}
