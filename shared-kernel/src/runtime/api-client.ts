import { SHOP_HEADER } from '../contracts/session';
import { bus } from './bus';
import { getSession } from './session-store';
import { notify } from './snackbar-store';

/** Error thrown by every failing /v1 call (spec §8 body: { success: false, message, field? }). */
export class ApiError extends Error {
  readonly status: number;
  readonly field?: string;
  readonly body: unknown;
  constructor(status: number, message: string, field?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
    this.body = body;
  }
}

export interface ApiRequestOptions {
  /** Query parameters; arrays and objects are sent as JSON (spec §7: filter, shopIds). undefined/null are skipped. */
  query?: Record<string, unknown>;
  /** Do not show the response `message` as a snackbar. */
  silent?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Let the request outlive the page (fetch keepalive): a save sent while the tab closes. */
  keepalive?: boolean;
}

export interface ApiConfig {
  /** Default '/v1'. */
  baseUrl: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Where the app is (for the 401 redirect); defaults to window.location. */
  location: () => { pathname: string; search: string };
}

export const NETWORK_ERROR_MESSAGE = 'Impossible de joindre le serveur, vérifiez votre connexion.';
export const LOGIN_PATH = '/auth/login';

const defaults: ApiConfig = {
  baseUrl: '/v1',
  fetch: (input, init) => globalThis.fetch(input, init),
  location: () =>
    typeof window !== 'undefined' ? { pathname: window.location.pathname, search: window.location.search } : { pathname: '/', search: '' },
};
let config: ApiConfig = { ...defaults };

/** Change the base URL (e.g. 'http://localhost:4000/v1' in a standalone remote), the fetch or location source. */
export function configureApi(partial: Partial<ApiConfig>): void {
  config = { ...config, ...partial };
}
/** Back to the defaults (tests). */
export function resetApiConfig(): void {
  config = { ...defaults };
}

export function buildUrl(path: string, query?: Record<string, unknown>): string {
  const base = config.baseUrl.replace(/\/+$/, '');
  const p = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const qs = params.toString();
  return `${base}${p}${qs ? `?${qs}` : ''}`;
}

function loginRedirect(): string | null {
  const { pathname, search } = config.location();
  if (pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`)) return null;
  const back = `${pathname}${search}`;
  return back && back !== '/' ? `${LOGIN_PATH}?redirectLink=${encodeURIComponent(back)}` : LOGIN_PATH;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function asRecord(body: unknown): Record<string, unknown> | null {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

async function request<T>(method: string, path: string, body: unknown, opts: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const { jwt, actingShopId } = getSession();
  if (jwt) headers.Authorization = `Bearer ${jwt}`;
  // an agent representing several producers says which one they work for (the api's callerShop reads it)
  if (jwt && actingShopId) headers[SHOP_HEADER] = String(actingShopId);
  const init: RequestInit = { method, headers, signal: opts.signal, ...(opts.keepalive ? { keepalive: true } : {}) };
  if (typeof Blob !== 'undefined' && body instanceof Blob) {
    // a file sent as the raw body (uploads): its own type
    headers['Content-Type'] = body.type || 'application/octet-stream';
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let res: Response;
  try {
    res = await config.fetch(buildUrl(path, opts.query), init);
  } catch (err) {
    if ((err as { name?: string })?.name === 'AbortError') throw err;
    if (!opts.silent) notify.error(NETWORK_ERROR_MESSAGE);
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const data = await readBody(res);
  const record = asRecord(data);
  const failed = !res.ok || record?.success === false;
  const message = record?.message;

  // Spec §8: a single message → snackbar (error when success is false); a list of
  // messages just closes the snackbar (nothing is shown).
  if (typeof message === 'string' && message && !opts.silent) {
    if (failed) notify.error(message);
    else notify.success(message);
  }

  if (res.status === 401) {
    getSession().logout('expired');
    const to = loginRedirect();
    if (to) bus.emit('navigate', { to, replace: true });
  }

  if (failed) {
    const text = typeof message === 'string' && message ? message : Array.isArray(message) ? message.join(', ') : `Erreur ${res.status}`;
    const field = typeof record?.field === 'string' ? record.field : undefined;
    throw new ApiError(res.status, text, field, data);
  }
  return data as T;
}

/** Typed client for the /v1 api. */
export const api = {
  get: <T = unknown>(path: string, opts?: ApiRequestOptions) => request<T>('GET', path, undefined, opts),
  post: <T = unknown>(path: string, body?: unknown, opts?: ApiRequestOptions) => request<T>('POST', path, body, opts),
  put: <T = unknown>(path: string, body?: unknown, opts?: ApiRequestOptions) => request<T>('PUT', path, body, opts),
  patch: <T = unknown>(path: string, body?: unknown, opts?: ApiRequestOptions) => request<T>('PATCH', path, body, opts),
  del: <T = unknown>(path: string, body?: unknown, opts?: ApiRequestOptions) => request<T>('DELETE', path, body, opts),
  /** POSTs a file as the raw body (image uploads: /catalogue/media, /marketing/media). */
  upload: <T = unknown>(path: string, file: Blob, opts?: ApiRequestOptions) => request<T>('POST', path, file, opts),
};
