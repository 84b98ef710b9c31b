import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUPER_ADMIN, paginatedOf, renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import type { AdminUser, AdminUserDetail } from './admin-users.queries';
import AdminUsersPage from './AdminUsersPage';

const user = (over: Partial<AdminUser> & { id: number }): AdminUser => ({
  username: 'Béatrice Acheteuse',
  email: 'buyer@demo.test',
  role: 'buyer',
  disabled: false,
  createdAt: '2026-01-01T00:00:00Z',
  emailValidated: true,
  ...over,
});
const BEATRICE = user({ id: 6 });
const ME = user({ id: SUPER_ADMIN.id, username: 'Adèle Administratrice', email: 'admin@demo.test', role: 'superAdmin' });

const LIST = 'GET /admin/users';
const DETAIL = 'GET /admin/users/:id';
const DISABLE = 'PUT /admin/users/:id/disabled';

/** The api's answer: `q` on email and username, then the page. */
const serve = (rows: () => AdminUser[]) => (req: ApiRequest) => {
  const q = (req.query.q ?? '').toLowerCase();
  return paginatedOf(
    rows().filter((u) => !q || u.email.includes(q) || u.username.toLowerCase().includes(q)),
    req.query,
  );
};

function renderUsers(route: string, api: Record<string, unknown>) {
  return renderPage(<AdminUsersPage />, { route, path: '/admin/users', session: 'superAdmin', api: api as never });
}

const rowOf = async (name: string) => (await screen.findByRole('button', { name })).closest('tr') as HTMLElement;

test('searches accounts and shows the empty state', async () => {
  const page = renderUsers('/admin/users', { [LIST]: serve(() => [BEATRICE]) });
  expect(await screen.findByText('buyer@demo.test')).toBeInTheDocument();
  expect(screen.getByText('Actif')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Désactiver' })).toBeInTheDocument();
  expect(page.api.callsTo(LIST)[0].query).toEqual({ page: '1', pageSize: '20', sort: 'id' });

  await userEvent.type(screen.getByLabelText('Rechercher un utilisateur'), 'zzz{Enter}');
  expect(await screen.findByText('Aucun utilisateur ne correspond')).toBeInTheDocument();
  expect(page.location().search).toBe('?q=zzz');
  expect(page.api.callsTo(LIST).at(-1)!.query).toEqual({ page: '1', pageSize: '20', sort: 'id', q: 'zzz' });

  // the kit's reset empties the search (URL and box)
  await userEvent.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
  expect(await screen.findByText('buyer@demo.test')).toBeInTheDocument();
  expect(page.location().search).toBe('');
  expect(screen.getByLabelText('Rechercher un utilisateur')).toHaveValue('');
});

test('reads the search, the page and the page size from the URL, and pages in it', async () => {
  const many = Array.from({ length: 12 }, (_, i) => user({ id: 100 + i, username: `Dupont ${i + 1}`, email: `dupont${i + 1}@x.test` }));
  const page = renderUsers('/admin/users?q=dupont&page=2&pageSize=10', { [LIST]: serve(() => many) });
  expect(await screen.findByText('dupont11@x.test')).toBeInTheDocument();
  expect(screen.getByText('dupont12@x.test')).toBeInTheDocument();
  expect(screen.getByLabelText('Rechercher un utilisateur')).toHaveValue('dupont');
  expect(page.api.callsTo(LIST)[0].query).toEqual({ page: '2', pageSize: '10', sort: 'id', q: 'dupont' });

  await userEvent.click(screen.getByTitle('1'));
  await waitFor(() => expect(page.location().search).toBe('?pageSize=10&q=dupont'));
  expect(await screen.findByText('dupont1@x.test')).toBeInTheDocument();
  expect(page.api.callsTo(LIST).at(-1)!.query).toEqual({ page: '1', pageSize: '10', sort: 'id', q: 'dupont' });
});

test('sends the role and state filters of the URL', async () => {
  const page = renderUsers('/admin/users?role=buyer&disabled=true', { [LIST]: serve(() => [{ ...BEATRICE, disabled: true }]) });
  expect(await screen.findByText('Désactivé')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Réactiver' })).toBeInTheDocument();
  expect(page.api.callsTo(LIST)[0].query).toEqual({ page: '1', pageSize: '20', sort: 'id', role: 'buyer', disabled: 'true' });
});

test('opens the detail of an account from its name or its row', async () => {
  const detail: AdminUserDetail = {
    ...BEATRICE,
    firstname: 'Béatrice',
    lastname: 'Acheteuse',
    phone: null,
    isPro: false,
    siret: null,
    shops: [{ id: 1, name: 'Domaine de Démo', code: 'DOMDEM', kind: 'client' }],
  };
  const page = renderUsers('/admin/users', { [LIST]: serve(() => [BEATRICE]), [DETAIL]: detail });
  await userEvent.click(await screen.findByRole('button', { name: 'Béatrice Acheteuse' }));
  const drawer = await screen.findByRole('dialog');
  expect(await within(drawer).findByText('Domaine de Démo (DOMDEM, client)')).toBeInTheDocument();
  expect(within(drawer).getByText('Prénom / nom')).toBeInTheDocument();
  expect(within(drawer).getAllByText('Béatrice Acheteuse')).toHaveLength(2); // the drawer's title and the names
  expect(within(drawer).getByText('01/01/2026')).toBeInTheDocument();
  expect(page.api.callsTo(DETAIL).map((c) => c.path)).toEqual(['/admin/users/6']);
  await userEvent.click(within(drawer).getByRole('button', { name: /Close|Fermer/ }));
  await waitFor(() => expect(screen.queryByText('Domaine de Démo (DOMDEM, client)')).not.toBeInTheDocument());

  // a click elsewhere in the row opens it too
  await userEvent.click(within(await rowOf('Béatrice Acheteuse')).getByText('buyer@demo.test'));
  expect(await screen.findByText('Domaine de Démo (DOMDEM, client)')).toBeVisible();
});

test('disables an account after confirmation, and refreshes the list', async () => {
  let rows = [BEATRICE];
  const page = renderUsers('/admin/users', {
    [LIST]: serve(() => rows),
    [DISABLE]: (req: ApiRequest) => {
      rows = rows.map((u) => (String(u.id) === req.params.id ? { ...u, disabled: (req.body as { disabled: boolean }).disabled } : u));
      return { success: true, disabled: true, message: 'Le compte a été désactivé' };
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Désactiver' }));
  let dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Désactiver le compte ?')).toBeInTheDocument();
  expect(within(dialog).getByText('buyer@demo.test ne pourra plus se connecter et ses sessions seront fermées.')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(page.api.callsTo(DISABLE)).toHaveLength(0);

  await userEvent.click(screen.getByRole('button', { name: 'Désactiver' }));
  dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
  await waitFor(() => expect(page.api.callsTo(DISABLE)).toHaveLength(1));
  expect(page.api.callsTo(DISABLE)[0]).toMatchObject({ path: '/admin/users/6/disabled', body: { disabled: true } });
  expect(await screen.findByRole('button', { name: 'Réactiver' })).toBeInTheDocument();
  expect(screen.getByText('Désactivé')).toBeInTheDocument();
  // the snackbar and the refreshed list come from the same answer, in either order
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Le compte a été désactivé', error: false }));
});

test('offers no action on one’s own account, and shows the api refusing one', async () => {
  const page = renderUsers('/admin/users', {
    [LIST]: serve(() => [ME, { ...BEATRICE, disabled: true }]),
    [DISABLE]: reply(400, { success: false, message: 'Vous ne pouvez pas désactiver votre propre compte', field: 'disabled' }),
  });
  const mine = within(await rowOf('Adèle Administratrice'));
  expect(mine.getByText('Votre compte')).toBeInTheDocument();
  expect(mine.queryByRole('button', { name: /Désactiver|Réactiver/ })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Réactiver' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Réactiver le compte ?')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Réactiver' }));
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Vous ne pouvez pas désactiver votre propre compte', error: true }));
  expect(page.api.callsTo(DISABLE)[0].body).toEqual({ disabled: false });
  expect(page.api.callsTo(LIST)).toHaveLength(1);
});

test('shows the English texts when the language is English', async () => {
  renderPage(<AdminUsersPage />, {
    route: '/admin/users',
    session: 'superAdmin',
    language: 'en',
    api: { [LIST]: serve(() => [BEATRICE]) },
  });
  expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
  expect(await screen.findByText('Active')).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: 'Email validated' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
});
