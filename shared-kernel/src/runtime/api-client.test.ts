/** @jest-environment jsdom */
import { api, ApiError, buildUrl, configureApi, NETWORK_ERROR_MESSAGE, resetApiConfig } from './api-client';
import { bus } from './bus';
import { useSession } from './session-store';
import { useSnackbars } from './snackbar-store';
import type { User } from '../contracts';

const user: User = { id: 1, username: 'owner', email: 'owner@demo.test', role: 'owner', shops: [{ id: 1 }] };

function respond(status: number, body?: unknown) {
  // jsdom has no fetch Response: a minimal stand-in with what the client reads.
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const fetchMock = jest.fn(
    async (_url: string, _init: RequestInit) => ({ status, ok: status >= 200 && status < 300, text: async () => text }) as Response,
  );
  configureApi({ fetch: fetchMock });
  return fetchMock;
}

let location = { pathname: '/dashboard/orders', search: '?page=2' };
const navigations: unknown[] = [];
let offNavigate: () => void;

beforeEach(() => {
  resetApiConfig();
  configureApi({ location: () => location });
  location = { pathname: '/dashboard/orders', search: '?page=2' };
  navigations.length = 0;
  offNavigate = bus.on('navigate', (p) => navigations.push(p));
  useSession.getState().setLogin({ user, jwt: 'tok', masterAccount: null });
  useSnackbars.getState().clear();
});
afterEach(() => offNavigate());

describe('api client', () => {
  it('sends JSON with the Bearer token to /v1 and returns the body', async () => {
    const fetchMock = respond(200, { id: 3 });
    await expect(api.post<{ id: number }>('/orders', { a: 1 })).resolves.toEqual({ id: 3 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/v1/orders');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('names the producer an agent works for in X-Shop-Id once they chose one, never after a new login', async () => {
    const fetchMock = respond(200, []);
    await api.get('/crm/clients');
    expect((fetchMock.mock.calls[0][1].headers as Record<string, string>)['X-Shop-Id']).toBeUndefined();
    useSession.getState().setActingShop(3);
    await api.get('/crm/clients');
    expect((fetchMock.mock.calls[1][1].headers as Record<string, string>)['X-Shop-Id']).toBe('3');
    useSession.getState().setLogin({ user, jwt: 'tok2', masterAccount: null });
    await api.get('/crm/clients');
    expect((fetchMock.mock.calls[2][1].headers as Record<string, string>)['X-Shop-Id']).toBeUndefined();
  });

  it('sends no Authorization header when logged out, and no body on GET', async () => {
    useSession.getState().logout();
    const fetchMock = respond(200, []);
    await api.get('/maintenances');
    const init = fetchMock.mock.calls[0][1];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.body).toBeUndefined();
    expect(init.method).toBe('GET');
  });

  it('encodes the query, JSON for arrays/objects, skipping null/undefined', () => {
    expect(buildUrl('/products', { shopIds: [1, 2], filter: { a: 'b' }, typology: 'pro', x: undefined, y: null, n: 0 })).toBe(
      '/v1/products?shopIds=%5B1%2C2%5D&filter=%7B%22a%22%3A%22b%22%7D&typology=pro&n=0',
    );
    configureApi({ baseUrl: 'http://localhost:4000/v1/' });
    expect(buildUrl('users/me')).toBe('http://localhost:4000/v1/users/me');
  });

  it('uses PUT and DELETE', async () => {
    const fetchMock = respond(204);
    await expect(api.put('/users/me', { x: 1 })).resolves.toBeUndefined();
    await api.del('/orders/3');
    expect(fetchMock.mock.calls.map((c) => c[1].method)).toEqual(['PUT', 'DELETE']);
  });

  it('shows a success snackbar for a message', async () => {
    respond(200, { success: true, message: 'Commande enregistrée' });
    await api.put('/orders/1', {});
    expect(useSnackbars.getState().items).toMatchObject([{ text: 'Commande enregistrée', error: false }]);
  });

  it('shows an error snackbar and throws ApiError with field when success is false', async () => {
    respond(400, { success: false, message: 'Le mail est incorrect', field: 'email' });
    const err = await api.post('/users', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: 'Le mail est incorrect', field: 'email' });
    expect(useSnackbars.getState().items).toMatchObject([{ text: 'Le mail est incorrect', error: true }]);
  });

  it('throws on success: false even with a 200', async () => {
    respond(200, { success: false, message: 'Refusé' });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 200, message: 'Refusé' });
    expect(useSnackbars.getState().items[0].error).toBe(true);
  });

  it('shows nothing for a list of messages', async () => {
    respond(200, { message: ['a', 'b'] });
    await api.get('/x');
    expect(useSnackbars.getState().items).toEqual([]);
  });

  it('shows nothing when silent', async () => {
    respond(400, { success: false, message: 'Oups' });
    await expect(api.get('/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(useSnackbars.getState().items).toEqual([]);
  });

  it('on 401 logs out and navigates to login with the redirectLink', async () => {
    const logouts: unknown[] = [];
    const off = bus.on('logout', (p) => logouts.push(p));
    respond(401, { success: false, message: 'Session expirée' });
    await expect(api.get('/users/me')).rejects.toMatchObject({ status: 401 });
    off();
    expect(useSession.getState().user).toBeNull();
    expect(useSession.getState().jwt).toBeNull();
    expect(logouts).toEqual([{ reason: 'expired' }]);
    expect(navigations).toEqual([{ to: '/auth/login?redirectLink=%2Fdashboard%2Forders%3Fpage%3D2', replace: true }]);
  });

  it('on 401 does not navigate when already on the login page', async () => {
    location = { pathname: '/auth/login', search: '' };
    respond(401, { success: false, message: 'Le mail et/ou le mot de passe sont incorrects.' });
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({
      status: 401,
      message: 'Le mail et/ou le mot de passe sont incorrects.',
    });
    expect(navigations).toEqual([]);
    expect(useSnackbars.getState().items).toMatchObject([{ text: 'Le mail et/ou le mot de passe sont incorrects.', error: true }]);
  });

  it('turns a network failure into ApiError status 0 with a snackbar', async () => {
    configureApi({
      fetch: jest.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    expect(useSnackbars.getState().items[0]).toMatchObject({ text: NETWORK_ERROR_MESSAGE, error: true });
  });

  it('gives a generic message for an error without body, and passes text bodies through', async () => {
    respond(500);
    await expect(api.get('/x')).rejects.toMatchObject({ status: 500, message: 'Erreur 500' });
    respond(200, 'plain');
    await expect(api.get('/x')).resolves.toBe('plain');
  });
});
