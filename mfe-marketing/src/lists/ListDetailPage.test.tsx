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

describe('« Ajouter des clients »: the ticked clients survive searches and pages; a city filter', () => {
  const people = Array.from({ length: 23 }, (_, i) => ({
    id: 100 + i,
    name: `Client ${String(i + 1).padStart(2, '0')}`,
    email: `c${i + 1}@exemple.fr`,
    kind: 'private',
    marketingConsent: true,
    city: i % 2 ? 'Beaune' : 'Dijon',
  }));
  const picker = () =>
    renderPage(<ListDetailPage />, {
      ...route('/dashboard/crm/lists/5'),
      api: {
        'GET /marketing/lists/:id': () => dynamicList({ id: 5, name: 'Amis', kind: 'static', filters: {}, memberCount: 0 }),
        'GET /marketing/lists/:id/members': (req: ApiRequest) => paginatedOf([], req.query),
        'GET /marketing/clients': (req: ApiRequest) => {
          const { q, city } = req.query as { q?: string; city?: string };
          const found = people.filter(
            (p) => (!q || p.name.toLowerCase().includes(q.toLowerCase())) && (!city || p.city.toLowerCase().includes(city.toLowerCase())),
          );
          return paginatedOf(found, req.query);
        },
        'POST /marketing/lists/:id/members': (req: ApiRequest) => {
          const n = (req.body as { clientIds: number[] }).clientIds.length;
          return { added: n, message: `${n} clients ajoutés à la liste` };
        },
      },
    });
  const box = (dialog: HTMLElement, name: string) => within(dialog).findByRole('checkbox', { name: new RegExp(name) });

  it('a client ticked, then a search and a tick, then the next page and a tick: the three are added', async () => {
    const page = picker();
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter des clients' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await box(dialog, 'Client 01'));
    await userEvent.type(within(dialog).getByRole('searchbox', { name: /Rechercher un client/ }), 'Client 07');
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: /Client 01/ })).toBeNull());
    await userEvent.click(await box(dialog, 'Client 07'));
    expect(within(dialog).getByRole('button', { name: 'Ajouter 2 clients' })).toBeEnabled();
    await userEvent.clear(within(dialog).getByRole('searchbox', { name: /Rechercher un client/ }));
    expect(await box(dialog, 'Client 01')).toBeChecked();
    expect(await box(dialog, 'Client 07')).toBeChecked();
    // the next page of results, and back
    await userEvent.click(within(dialog).getByRole('listitem', { name: /Page suivante|Next Page/ }));
    await userEvent.click(await box(dialog, 'Client 22'));
    await userEvent.click(within(dialog).getByRole('listitem', { name: /Page précédente|Previous Page/ }));
    expect(await box(dialog, 'Client 01')).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter 3 clients' }));
    await waitFor(() => expect(page.calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect((page.calls.find((c) => c.method === 'POST')!.body as { clientIds: number[] }).clientIds.sort()).toEqual([100, 106, 121]);
  });

  it('filters the clients by city (sent to the api), the ticks kept', async () => {
    const page = picker();
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter des clients' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await box(dialog, 'Client 01'));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Ville' }), 'Beaune');
    await waitFor(() => expect(page.calls.at(-1)!.query).toMatchObject({ city: 'Beaune', page: '1' }));
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: /Client 01/ })).toBeNull());
    expect(await box(dialog, 'Client 02')).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Ajouter 1 client' })).toBeEnabled();
  });
});

it('another shop’s list shows the not-found page', async () => {
  renderPage(<ListDetailPage />, {
    ...route('/dashboard/crm/lists/99'),
    api: { 'GET /marketing/lists/:id': () => [404, { success: false, message: 'Liste introuvable' }] },
  });
  expect(await screen.findByText("Cette page n'existe pas ou vous n'y avez pas accès.")).toBeInTheDocument();
});
