// A faked /v1 api for component tests, through shared-kernel's own api client (configureApi({ fetch })): handlers by
// method + path pattern, every call recorded with its parsed query and body, unmatched calls failing the test.
import { configureApi, resetApiConfig } from 'shared-kernel/runtime';

export interface ApiRequest {
  method: string;
  /** Path without the '/v1' base and without the query: '/orders/42'. */
  path: string;
  /** As sent: '/v1/orders?page=2'. */
  url: string;
  /** The `:params` of the matched pattern. */
  params: Record<string, string>;
  /** Query parameters (the last value of a repeated one). */
  query: Record<string, string>;
  searchParams: URLSearchParams;
  /** Parsed JSON body (undefined without one). */
  body: unknown;
  headers: Record<string, string>;
}

export interface ApiCall extends ApiRequest {
  /** The handler key that answered ('GET /orders/:id'), null when none matched. */
  route: string | null;
}

const REPLY = Symbol('reply');
export interface ApiReplyObject {
  [REPLY]: true;
  status: number;
  body: unknown;
}
/** An answer with a status: `reply(404, { success: false, message: 'Commande introuvable' })`. */
export function reply(status: number, body?: unknown): ApiReplyObject {
  return { [REPLY]: true, status, body };
}
/** Never answers (the screen stays loading). */
export const PENDING = Symbol('pending');

/**
 * What a handler gives back: a body (200), `[status, body]`, `reply(status, body)`, `PENDING`, or a promise of those.
 * `{ success: false, message, field? }` with a 4xx status is what the api answers on errors.
 */
export type ApiAnswer = string | number | boolean | symbol | object | null | undefined;
export type ApiHandler = ((req: ApiRequest) => unknown) | ApiAnswer;
/** `{ 'GET /orders': …, 'PUT /orders/:id': … }` (a '/v1' prefix in the key is optional). */
export type ApiHandlers = Record<string, ApiHandler>;

export interface FakeApi {
  /** Every call, in order. */
  readonly calls: ApiCall[];
  /** Calls no handler answered (they fail the test at its end). */
  readonly unmatched: ApiCall[];
  /** The calls of a method whose path matches a pattern (the handler key form): `callsTo('PUT /orders/:id')`, `callsTo('GET /orders')`. */
  callsTo(route: string): ApiCall[];
  /** Adds or replaces handlers. */
  use(handlers: ApiHandlers): void;
}

interface CompiledRoute {
  key: string;
  method: string;
  regex: RegExp;
  names: string[];
  /** static segments count: the most specific pattern wins */
  weight: number;
  handler: ApiHandler;
}

function stripBase(path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  return p === '/v1' ? '/' : p.startsWith('/v1/') ? p.slice(3) : p;
}

function compile(key: string, handler: ApiHandler): CompiledRoute {
  const m = /^\s*([A-Z]+)\s+(\S+)\s*$/.exec(key);
  if (!m) throw new Error(`fakeApi: a handler key is 'METHOD /path' (got '${key}')`);
  const names: string[] = [];
  const segments = stripBase(m[2]).split('/').filter(Boolean);
  let weight = 0;
  const source = segments
    .map((seg) => {
      if (seg === '*') return '(?:/.*)?';
      if (seg.startsWith(':')) {
        names.push(seg.slice(1));
        return '/([^/]+)';
      }
      weight++;
      return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return { key, method: m[1], regex: new RegExp(`^${source || '/'}/?$`), names, weight, handler };
}

function isTuple(value: unknown): value is [number, unknown] {
  return Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && value[0] >= 100 && value[0] <= 599;
}

function response(status: number, body: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { status, ok: status >= 200 && status < 300, text: async () => text } as unknown as Response;
}

let active: FakeApi | null = null;

/** The fake api installed by the running test, if any. */
export function activeFakeApi(): FakeApi | null {
  return active;
}

/** Installs a fake api for the running test (renderPage does it from its `api` option). */
export function fakeApi(handlers: ApiHandlers = {}): FakeApi {
  let routes: CompiledRoute[] = [];
  const calls: ApiCall[] = [];
  const unmatched: ApiCall[] = [];
  const addHandlers = (more: ApiHandlers) => {
    const added = Object.entries(more).map(([k, h]) => compile(k, h));
    routes = [...routes.filter((r) => !added.some((a) => a.key === r.key)), ...added];
  };
  addHandlers(handlers);

  const api: FakeApi = {
    calls,
    unmatched,
    callsTo(route) {
      const compiled = compile(route, null);
      return calls.filter((c) => c.route === route || (c.method === compiled.method && compiled.regex.test(c.path)));
    },
    use: addHandlers,
  };

  configureApi({
    fetch: async (url, init) => {
      const method = (init.method ?? 'GET').toUpperCase();
      const parsed = new URL(url, 'http://test.local');
      const path = stripBase(parsed.pathname);
      let body: unknown;
      if (typeof init.body === 'string') {
        try {
          body = JSON.parse(init.body);
        } catch {
          body = init.body;
        }
      } else if (typeof Blob !== 'undefined' && init.body instanceof Blob) body = init.body; // a file upload
      const query: Record<string, string> = {};
      parsed.searchParams.forEach((v, k) => {
        query[k] = v;
      });
      const base: ApiRequest = {
        method,
        path,
        url,
        params: {},
        query,
        searchParams: parsed.searchParams,
        body,
        headers: { ...(init.headers as Record<string, string>) },
      };
      const candidates = routes
        .filter((r) => r.method === method)
        .map((r) => ({ r, m: r.regex.exec(path) }))
        .filter((x): x is { r: CompiledRoute; m: RegExpExecArray } => x.m !== null)
        .sort((a, b) => b.r.weight - a.r.weight || a.r.names.length - b.r.names.length);
      const hit = candidates[0];
      if (!hit) {
        const call: ApiCall = { ...base, route: null };
        calls.push(call);
        unmatched.push(call);
        return response(501, { success: false, message: `Aucun handler de test pour ${method} ${path}` });
      }
      const params = Object.fromEntries(hit.r.names.map((n, i) => [n, decodeURIComponent(hit.m[i + 1])]));
      const req: ApiRequest = { ...base, params };
      calls.push({ ...req, route: hit.r.key });
      const answer = await (typeof hit.r.handler === 'function' ? (hit.r.handler as (r: ApiRequest) => unknown)(req) : hit.r.handler);
      if (answer === PENDING) return new Promise<Response>(() => {});
      if (answer && typeof answer === 'object' && REPLY in answer)
        return response((answer as ApiReplyObject).status, (answer as ApiReplyObject).body);
      if (isTuple(answer)) return response(answer[0], answer[1]);
      return response(answer === undefined ? 204 : 200, answer);
    },
  });
  active = api;
  return api;
}

/** Removes the fake api and returns the calls no handler answered. */
export function uninstallFakeApi(): ApiCall[] {
  const left = active ? [...active.unmatched] : [];
  active = null;
  resetApiConfig();
  return left;
}
