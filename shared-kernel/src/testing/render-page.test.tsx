/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'shared-kernel/router';
import { api, ApiError, confirmPopup, useSession } from 'shared-kernel/runtime';
import { BUYER, DEMO_SHOP, finishPageTest, iamWith, PENDING, renderPage, reply } from '.';

function Whoami() {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const { id } = useParams();
  const [params] = useSearchParams();
  return (
    <p data-testid="who">
      {user ? `${user.role}:${user.id}` : 'anonyme'} {shop ? shop.code : 'sans boutique'} id={id ?? '-'} page={params.get('page') ?? '-'}
    </p>
  );
}

describe('renderPage', () => {
  it('opens the element at its route (params and query) as the demo owner of the demo shop by default', () => {
    const page = renderPage(<Whoami />, { path: '/dashboard/orders/:id', route: '/dashboard/orders/42?page=2' });
    expect(screen.getByTestId('who')).toHaveTextContent('owner:2 DOMDEM id=42 page=2');
    expect(page.location()).toMatchObject({ pathname: '/dashboard/orders/42', search: '?page=2' });
    expect(useSession.getState().jwt).toBe('test-jwt');
  });

  it.each([
    ['buyer' as const, 'buyer:6 sans boutique'],
    ['agent' as const, 'agent:5 sans boutique'],
    ['iam' as const, 'iam:4 DOMDEM'],
    ['superAdmin' as const, 'superAdmin:1 sans boutique'],
    [null, 'anonyme sans boutique'],
  ])('signs in as %s', (session, text) => {
    renderPage(<Whoami />, { route: '/dashboard', session });
    expect(screen.getByTestId('who')).toHaveTextContent(text);
    if (session === null) expect(useSession.getState().jwt).toBeNull();
  });

  it('takes any user, an iam with given authorizations, or a full session', () => {
    renderPage(<Whoami />, { route: '/d', session: iamWith({ seeAllOrder: false }) });
    expect(useSession.getState().user?.shops[0].authorizations).toEqual({ seeAllOrder: false });
    expect(screen.getByTestId('who')).toHaveTextContent('iam:4 DOMDEM');
  });

  it('takes a user with another shop', () => {
    renderPage(<Whoami />, { route: '/d', session: { user: { ...BUYER, id: 99 }, shop: { ...DEMO_SHOP, code: 'AUTRE' } } });
    expect(screen.getByTestId('who')).toHaveTextContent('buyer:99 AUTRE');
  });

  it('renders a route no page matches as "elsewhere" with its path', async () => {
    renderPage(<Link to="/ailleurs?x=1">partir</Link>, { route: '/ici' });
    await userEvent.click(screen.getByRole('link', { name: 'partir' }));
    expect(screen.getByTestId('elsewhere')).toHaveTextContent('/ailleurs?x=1');
  });

  it('mounts the global popup', async () => {
    renderPage(<button onClick={() => void confirmPopup({ title: 'Supprimer ?', content: 'Vraiment ?' })}>supprimer</button>, {
      route: '/x',
    });
    await userEvent.click(screen.getByRole('button', { name: 'supprimer' }));
    expect(await screen.findByText('Vraiment ?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });
});

describe('renderPage api', () => {
  it('answers by method and path pattern, the most specific first, recording query, body and params', async () => {
    const page = renderPage(<p>page</p>, {
      route: '/x',
      api: {
        'GET /orders/:id': (req) => ({ id: Number(req.params.id) }),
        'GET /orders/export': { csv: true },
        'PUT /v1/orders/:id': (req) => [200, { saved: req.body }],
        'DELETE /orders/:id': reply(204),
      },
    });
    await expect(api.get('/orders/7', { query: { page: 2, filter: { a: 1 } } })).resolves.toEqual({ id: 7 });
    await expect(api.get('/orders/export')).resolves.toEqual({ csv: true });
    await expect(api.put('/orders/7', { status: 'validated' })).resolves.toEqual({ saved: { status: 'validated' } });
    await expect(api.del('/orders/7')).resolves.toBeUndefined();
    expect(page.calls.map((c) => `${c.method} ${c.path} → ${c.route}`)).toEqual([
      'GET /orders/7 → GET /orders/:id',
      'GET /orders/export → GET /orders/export',
      'PUT /orders/7 → PUT /v1/orders/:id',
      'DELETE /orders/7 → DELETE /orders/:id',
    ]);
    expect(page.calls[0]).toMatchObject({
      params: { id: '7' },
      query: { page: '2', filter: '{"a":1}' },
      url: '/v1/orders/7?page=2&filter=%7B%22a%22%3A1%7D',
    });
    expect(page.calls[2].body).toEqual({ status: 'validated' });
    expect(page.calls[2].headers.Authorization).toBe('Bearer test-jwt');
    expect(page.api.callsTo('PUT /orders/:id')).toHaveLength(1);
    expect(page.api.callsTo('GET /orders/:id')).toHaveLength(2);
    expect(page.api.callsTo('PUT /v1/orders/:id')).toHaveLength(1);
    expect(page.api.callsTo('GET /orders/7')).toHaveLength(1);
  });

  it('gives error answers as ApiError, with the field', async () => {
    renderPage(<p>page</p>, {
      route: '/x',
      api: { 'POST /clients': [400, { success: false, message: 'Le mail est incorrect', field: 'email' }] },
    });
    const err = await api.post('/clients', {}, { silent: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: 'Le mail est incorrect', field: 'email' });
  });

  it('can change its handlers during the test', async () => {
    const page = renderPage(<p>page</p>, { route: '/x', api: { 'GET /a': 1 } });
    await expect(api.get('/a')).resolves.toBe(1);
    page.api.use({ 'GET /a': 2 });
    await expect(api.get('/a')).resolves.toBe(2);
  });

  it('never answers PENDING', async () => {
    function Loading() {
      const q = useQuery({ queryKey: ['p'], queryFn: () => api.get('/slow') });
      return <p>{q.isPending ? 'chargement' : 'fini'}</p>;
    }
    const page = renderPage(<Loading />, { route: '/x', api: { 'GET /slow': PENDING } });
    await waitFor(() => expect(page.calls).toHaveLength(1));
    expect(screen.getByText('chargement')).toBeInTheDocument();
  });

  it('does not retry failed queries', async () => {
    function Failing() {
      const q = useQuery({ queryKey: ['f'], queryFn: () => api.get('/fail', { silent: true }) });
      return <p>{q.isError ? 'erreur' : '…'}</p>;
    }
    const page = renderPage(<Failing />, { route: '/x', api: { 'GET /fail': reply(503, { success: false, message: 'Indisponible' }) } });
    expect(await screen.findByText('erreur')).toBeInTheDocument();
    expect(page.calls).toHaveLength(1);
  });

  it('fails the test loudly on a call without a handler', async () => {
    const page = renderPage(<p>page</p>, { route: '/x', api: {} });
    const err = await api.get('/nope', { query: { a: 1 }, silent: true }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 501, message: 'Aucun handler de test pour GET /nope' });
    expect(page.api.unmatched.map((c) => c.url)).toEqual(['/v1/nope?a=1']);
    // what the afterEach of this module runs
    expect(() => finishPageTest()).toThrow('renderPage: api call(s) without a handler (add them to the `api` option):\n  GET /v1/nope?a=1');
    expect(useSession.getState().user).toBeNull();
  });

  it('shows the snackbars of the api messages', async () => {
    const page = renderPage(<p>page</p>, { route: '/x', api: { 'PUT /shops/me': { message: 'Boutique mise à jour' } } });
    await api.put('/shops/me', {});
    expect(page.snackbars()).toEqual([{ text: 'Boutique mise à jour', error: false }]);
  });
});

describe('renderPage with a remote module', () => {
  it("renders the module's page for a route path, lazy chunk and texts included", async () => {
    const { lazy } = await import('react');
    const { useTranslation } = await import('shared-kernel/i18next');
    function Detail({ routePath }: { routePath: string }) {
      const { t } = useTranslation('demo');
      const { id } = useParams();
      return <h1>{`${t('title')} ${id} (${routePath})`}</h1>;
    }
    const module = {
      name: 'mfe-demo',
      pages: { '/dashboard/demo/:id': lazy(async () => ({ default: Detail })) },
      i18n: { namespace: 'demo', resources: { fr: { title: 'Fiche' }, en: { title: 'Record' } } },
    };
    renderPage('/dashboard/demo/:id', { module, route: '/dashboard/demo/7' });
    expect(await screen.findByRole('heading', { name: 'Fiche 7 (/dashboard/demo/:id)' })).toBeInTheDocument();
    expect(() => renderPage('/nope', { module })).toThrow("mfe-demo has no page '/nope'");
  });
});
