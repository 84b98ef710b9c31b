import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage, type ApiRequest } from 'shared-kernel/testing';
import ListDetailPage from './ListDetailPage';
import { dynamicList, member } from './lists.fixtures';

beforeEach(() => {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    window.dispatchEvent(new Event('resize'));
  });
});

const route = (path: string) => ({ path: '/dashboard/crm/lists/:id', route: path });

it('shows the live count, who cannot be mailed by reason, and the members with their reason', async () => {
  const members = [member(), member({ clientId: 12, name: 'Paul Petit', email: null, kind: 'private', reason: 'noEmail' })];
  const page = renderPage(<ListDetailPage />, {
    ...route('/dashboard/crm/lists/4'),
    api: {
      'GET /marketing/lists/:id': () => dynamicList(),
      'GET /marketing/lists/:id/members': (req: ApiRequest) => paginatedOf(members, req.query),
    },
  });
  expect(await screen.findByRole('heading', { name: 'Professionnels de Paris' })).toBeInTheDocument();
  const count = screen.getByTestId('list-count');
  expect(count).toHaveTextContent('5 destinataires');
  expect(count).toHaveTextContent('sur 9 clients dans la liste');
  expect(count).toHaveTextContent('Sans adresse mail : 1');
  expect(count).toHaveTextContent('Désinscrit : 1');
  expect(count).toHaveTextContent('Sans consentement marketing : 1');
  const rows = await screen.findAllByTestId('resource-row');
  expect(within(rows[0]).getByText('Reçoit les e-mails')).toBeInTheDocument();
  expect(within(rows[1]).getByText('Sans adresse mail')).toBeInTheDocument();
  // a dynamic list: no client picker
  expect(screen.queryByRole('button', { name: 'Ajouter des clients' })).not.toBeInTheDocument();
  expect(page.calls.find((c) => c.path === '/marketing/lists/4/members')).toBeTruthy();
});

it('a static list: clients are picked from the client file and added in one call', async () => {
  const page = renderPage(<ListDetailPage />, {
    ...route('/dashboard/crm/lists/5'),
    api: {
      'GET /marketing/lists/:id': () => dynamicList({ id: 5, name: 'Amis', kind: 'static', filters: {}, memberCount: 0 }),
      'GET /marketing/lists/:id/members': (req: ApiRequest) => paginatedOf([], req.query),
      'GET /marketing/clients': (req: ApiRequest) =>
        paginatedOf(
          [
            { id: 21, name: 'Alice Martin', email: 'alice@exemple.fr', kind: 'private', marketingConsent: true },
            { id: 22, name: 'Bruno Petit', email: null, kind: 'private', marketingConsent: false },
          ],
          req.query,
        ),
      'POST /marketing/lists/:id/members': () => ({ added: 2, message: '2 clients ajoutés à la liste' }),
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Ajouter des clients' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Alice Martin/ }));
  await userEvent.click(within(dialog).getByRole('checkbox', { name: /Bruno Petit/ }));
  expect(within(dialog).getByText('Sans consentement')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter 2 clients' }));
  await waitFor(() =>
    expect(page.snackbars()).toContainEqual(expect.objectContaining({ text: '2 clients ajoutés à la liste', error: false })),
  );
  expect(page.calls.find((c) => c.method === 'POST')!.body).toEqual({ clientIds: [21, 22] });
});

it('another shop’s list shows the not-found page', async () => {
  renderPage(<ListDetailPage />, {
    ...route('/dashboard/crm/lists/99'),
    api: { 'GET /marketing/lists/:id': () => [404, { success: false, message: 'Liste introuvable' }] },
  });
  expect(await screen.findByText("Cette page n'existe pas ou vous n'y avez pas accès.")).toBeInTheDocument();
});
