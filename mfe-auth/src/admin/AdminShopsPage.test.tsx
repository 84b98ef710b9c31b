import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import type { AdminShop } from './console.queries';
import AdminShopsPage from './AdminShopsPage';

const shop = (over: Partial<AdminShop> & { id: number; name: string }): AdminShop => ({
  code: 'DOMDEM',
  urlShop: 'domaine-demo',
  businessType: 'wine',
  owner: { id: 2, username: 'Olivier Propriétaire', email: 'owner@demo.test' },
  modules: ['crm', 'shop', 'stocks'],
  createdAt: '2026-01-02T10:00:00Z',
  lastActivityAt: '2026-03-04T10:00:00Z',
  suspendedAt: null,
  suspendedReason: null,
  ...over,
});

const LIST = 'GET /admin/shops';
const SUSPEND = 'POST /admin/shops/:id/suspend';
const REOPEN = 'POST /admin/shops/:id/reopen';

function renderShops(route: string, api: Record<string, unknown>) {
  return renderPage(<AdminShopsPage />, { route, path: '/admin/shops', session: 'superAdmin', api: api as never });
}

test('lists the shops with owner, modules and state; search and filters live in the URL', async () => {
  const rows = [shop({ id: 1, name: 'Domaine de Démo' }), shop({ id: 2, name: 'Brasserie Démo', code: 'BRADEM', businessType: 'beer' })];
  const page = renderShops('/admin/shops?suspended=false&pageSize=10', {
    [LIST]: (req: ApiRequest) =>
      paginatedOf(
        rows.filter((s) => !req.query.q || s.name.toLowerCase().includes(req.query.q)),
        req.query,
      ),
  });
  expect(await screen.findByRole('link', { name: 'Domaine de Démo' })).toHaveAttribute('href', '/domaine-demo');
  expect(screen.getAllByText('owner@demo.test')).toHaveLength(2);
  expect(screen.getByText('Bière')).toBeInTheDocument();
  expect(screen.getAllByText('stocks')).toHaveLength(2);
  expect(screen.getAllByText('Ouverte')).not.toHaveLength(0);
  expect(page.api.callsTo(LIST)[0].query).toEqual({ page: '1', pageSize: '10', sort: '-createdAt', suspended: 'false' });

  await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher une boutique' }), 'brass');
  await waitFor(() =>
    expect(Object.fromEntries(new URLSearchParams(page.location().search))).toEqual({ suspended: 'false', pageSize: '10', q: 'brass' }),
  );
  await waitFor(() => expect(page.api.callsTo(LIST).at(-1)!.query).toMatchObject({ q: 'brass', suspended: 'false' }));
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Domaine de Démo' })).not.toBeInTheDocument());
});

test('suspends a shop with a required reason, then reopens it after a confirmation', async () => {
  let rows = [shop({ id: 1, name: 'Domaine de Démo' })];
  const page = renderShops('/admin/shops', {
    [LIST]: (req: ApiRequest) => paginatedOf(rows, req.query),
    [SUSPEND]: (req: ApiRequest) => {
      const reason = (req.body as { reason: string }).reason;
      rows = rows.map((s) => ({ ...s, suspendedAt: '2026-05-01T10:00:00Z', suspendedReason: reason }));
      return { success: true, message: 'La boutique a été suspendue', shop: rows[0] };
    },
    [REOPEN]: () => {
      rows = rows.map((s) => ({ ...s, suspendedAt: null, suspendedReason: null }));
      return { success: true, message: 'La boutique a été rouverte', shop: rows[0] };
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Suspendre Domaine de Démo' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Suspendre Domaine de Démo')).toBeInTheDocument();

  // no reason: said under the field, nothing sent
  await userEvent.click(within(dialog).getByRole('button', { name: 'Suspendre' }));
  expect(await within(dialog).findByText('Indiquez la raison de la suspension')).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: 'Raison de la suspension' })).toHaveAttribute('aria-invalid', 'true');
  expect(page.api.callsTo(SUSPEND)).toHaveLength(0);

  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Raison de la suspension' }), 'Impayés répétés');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Suspendre' }));
  await waitFor(() => expect(page.api.callsTo(SUSPEND)).toHaveLength(1));
  expect(page.api.callsTo(SUSPEND)[0]).toMatchObject({ path: '/admin/shops/1/suspend', body: { reason: 'Impayés répétés' } });
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'La boutique a été suspendue', error: false }));
  expect(await screen.findByText('Suspendue')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await userEvent.click(screen.getByRole('button', { name: 'Rouvrir Domaine de Démo' }));
  const confirm = await screen.findByRole('dialog');
  expect(within(confirm).getByText('Rouvrir Domaine de Démo ?')).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Rouvrir' }));
  await waitFor(() => expect(page.api.callsTo(REOPEN)).toHaveLength(1));
  expect(page.api.callsTo(REOPEN)[0].path).toBe('/admin/shops/1/reopen');
  expect(await screen.findByRole('button', { name: 'Suspendre Domaine de Démo' })).toBeInTheDocument();
});

test('shows a refusal of the api in the dialog', async () => {
  const page = renderShops('/admin/shops', {
    [LIST]: (req: ApiRequest) => paginatedOf([shop({ id: 1, name: 'Domaine de Démo' })], req.query),
    [SUSPEND]: reply(409, { success: false, message: 'Cette boutique est déjà suspendue' }),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Suspendre Domaine de Démo' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Raison de la suspension' }), 'Fraude');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Suspendre' }));
  expect(await within(dialog).findByText('Cette boutique est déjà suspendue')).toBeInTheDocument();
  expect(page.api.callsTo(SUSPEND)).toHaveLength(1);
});
