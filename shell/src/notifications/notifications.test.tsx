import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppNotification } from 'shared-kernel/contracts';
import { mockFetch, renderShell, resetStores } from '../test/render';
import { shopFixture, users } from '../test/fixtures';

const list = (): AppNotification[] => [
  {
    id: 1,
    type: 'newOrder',
    content: 'Nouvelle commande #12',
    createdAt: '2025-05-01T10:00:00Z',
    seen: false,
    redirectLink: '/dashboard/orders/12',
  },
  { id: 2, type: 'payment', content: 'Paiement reçu', createdAt: '2025-05-02T10:00:00Z', seen: true, redirectLink: null },
  {
    id: 3,
    type: 'newTask',
    content: 'Nouvelle tâche',
    createdAt: '2025-05-03T10:00:00Z',
    seen: false,
    redirectLink: 'https://evil.example/phish',
  },
];

beforeEach(() => resetStores());

function setup() {
  let data = list();
  const fetchMock = mockFetch({
    'GET /v1/users/me': users.owner,
    'GET /v1/notifications-centers': () => data,
    'PUT /v1/notifications-centers/mark-as-seen': (init: RequestInit | undefined) => {
      const { arrayOfIds } = JSON.parse(String(init?.body)) as { arrayOfIds: number[] };
      data = data.map((n) => (arrayOfIds.includes(n.id) ? { ...n, seen: true } : n));
      return { success: true };
    },
  });
  const utils = renderShell({ path: '/dashboard', user: users.owner, shop: shopFixture });
  return { ...utils, fetchMock };
}

const puts = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/v1/notifications-centers/mark-as-seen' && (init as RequestInit)?.method === 'PUT')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

describe('notification centre', () => {
  it('shows the unread count, filters, and marks all as read', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 non lues' });
    await user.click(bell);
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Nouvelle commande #12')).toBeInTheDocument();
    expect(dialog.getByText('Paiement reçu')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: /Non lues/ }));
    expect(dialog.queryByText('Paiement reçu')).toBeNull();
    expect(dialog.getByText('Nouvelle tâche')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() => expect(dialog.getByText('Aucune notification')).toBeInTheDocument());
    expect(puts(fetchMock)).toEqual([{ arrayOfIds: [1, 3] }]);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Toutes' }));
    expect(dialog.getByText('Paiement reçu')).toBeInTheDocument();
  });

  it('reads the list again once marked, so what the server holds wins over the optimistic copy', async () => {
    const user = userEvent.setup();
    let data = list();
    mockFetch({
      'GET /v1/users/me': users.owner,
      'GET /v1/notifications-centers': () => data,
      'PUT /v1/notifications-centers/mark-as-seen': () => {
        // the server marks the two, and a new order arrives before the list is read again
        data = [
          ...data.map((n) => ({ ...n, seen: true })),
          { id: 4, type: 'newOrder', content: 'Nouvelle commande #13', createdAt: '2025-05-04T10:00:00Z', seen: false },
        ];
        return { success: true };
      },
    });
    renderShell({ path: '/dashboard', user: users.owner, shop: shopFixture });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(await dialog.findByRole('button', { name: /Non lues/ }));
    await user.click(dialog.getByRole('button', { name: 'Tout marquer comme lu' }));
    expect(await dialog.findByText('Nouvelle commande #13')).toBeInTheDocument();
    expect(dialog.queryByText('Nouvelle tâche')).toBeNull();
  });

  it('opening one marks it seen then follows its relative redirectLink', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(await dialog.findByRole('button', { name: 'Non lue : Nouvelle commande #12' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/orders/12'));
    expect(puts(fetchMock)).toEqual([{ arrayOfIds: [1] }]);
  });

  it('never follows an absolute redirectLink', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(await dialog.findByRole('button', { name: 'Non lue : Nouvelle tâche' }));
    await waitFor(() => expect(puts(fetchMock)).toEqual([{ arrayOfIds: [3] }]));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('empty state', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /v1/users/me': users.owner, 'GET /v1/notifications-centers': [] });
    renderShell({ path: '/dashboard', user: users.owner, shop: shopFixture });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await within(await screen.findByRole('dialog')).findByText('Aucune notification')).toBeInTheDocument();
  });
});
