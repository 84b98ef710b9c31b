import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CrmClientListItem } from 'shared-kernel/contracts';
import { paginatedOf, renderPage } from 'shared-kernel/testing';
import ClientsListPage from './ClientsListPage';

jest.setTimeout(90_000);

const row = (over: Partial<CrmClientListItem> & { id: number; name: string }): CrmClientListItem => ({
  code: `CL0000${over.id}`,
  kind: 'private',
  civility: null,
  firstname: null,
  lastname: over.name,
  company: null,
  email: null,
  phone: null,
  mobile: null,
  typology: 'particulier',
  city: 'Lyon',
  zipcode: '69002',
  department: '69',
  tags: [],
  pipe: null,
  agentUserId: null,
  agentName: null,
  status: 'active',
  createdAt: '2026-02-01T10:00:00Z',
  lastOrderAt: null,
  totalSpent: 0,
  ...over,
});
const rows = [
  row({ id: 1, name: 'Martin' }),
  row({ id: 2, name: 'Cave des Amis', kind: 'prospect', company: 'Cave des Amis', pipe: 'Contacté' }),
];
const api = {
  'GET /crm/clients': (req: { query: Record<string, string> }) =>
    paginatedOf(
      rows.filter((r) => !req.query.kind || r.kind === req.query.kind),
      req.query,
    ),
  'GET /tariffs/typologies': [],
  'GET /agents': [{ id: 5, username: 'Antoine Agent', email: 'agent@demo.test', firstname: 'Antoine', lastname: 'Agent', kind: 'agent' }],
};

describe('client file list (/dashboard/clients)', () => {
  it('a tab puts its kind in the URL and in the api query; the price-grid requests have their own tab', async () => {
    const page = renderPage(<ClientsListPage />, {
      route: '/dashboard/clients?pageSize=10',
      session: 'owner',
      api: {
        ...api,
        'GET /shops/me/price-grid-requests': (req) => paginatedOf([], req.query),
        'GET /shops/me/clients': (req) => paginatedOf([], req.query),
      },
    });
    await screen.findByRole('link', { name: 'Martin' });
    await userEvent.click(screen.getByRole('tab', { name: 'Prospects' }));
    await screen.findByRole('link', { name: 'Cave des Amis' });
    expect(page.location().search).toBe('?kind=prospect');
    const lists = page.calls.filter((c) => c.path === '/crm/clients');
    expect(lists.at(-1)!.query).toMatchObject({ kind: 'prospect', page: '1' });
    expect(screen.queryByRole('link', { name: 'Martin' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Nouveau prospect' })).toHaveAttribute('href', '/dashboard/clients/add?pipe=Prospect');

    await userEvent.click(screen.getByRole('tab', { name: 'Demandes de grille tarifaire' }));
    expect(page.location().search).toBe('?view=requests');
    expect(await screen.findByText('Aucune demande en attente')).toBeInTheDocument();
  });

  it('bulk: assigns the selected clients to an agent', async () => {
    const page = renderPage(<ClientsListPage />, {
      route: '/dashboard/clients?pageSize=10',
      session: 'owner',
      api: { ...api, 'POST /crm/clients/bulk': { success: true, message: '1 client mis à jour', updated: 1 } },
    });
    await screen.findByRole('link', { name: 'Martin' });
    await userEvent.click(screen.getAllByRole('checkbox', { name: /1$/ })[0]);
    await userEvent.click(screen.getByLabelText('Agent à attribuer'));
    await userEvent.click(await screen.findByTitle('Antoine Agent'));
    await userEvent.click(screen.getByRole('button', { name: 'Attribuer à un agent' }));
    await waitFor(() => expect(page.calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [1], action: 'assignAgent', value: 5 }));
  });
});
