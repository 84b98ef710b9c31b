import { act, screen, within } from '@testing-library/react';
import { paginatedOf, renderPage, type ApiRequest } from 'shared-kernel/testing';
import ListsListPage from './ListsListPage';
import { dynamicList } from './lists.fixtures';

beforeEach(() => {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    window.dispatchEvent(new Event('resize'));
  });
});

it('lists the static and dynamic lists with their members, and links to a new list', async () => {
  const rows = [dynamicList(), dynamicList({ id: 5, name: 'Amis du domaine', kind: 'static', memberCount: 12, filters: {} })];
  const page = renderPage(<ListsListPage />, {
    route: '/dashboard/crm/lists',
    session: 'owner',
    api: { 'GET /marketing/lists': (req: ApiRequest) => paginatedOf(rows, req.query) },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Listes' })).toBeInTheDocument();
  const [first, second] = await screen.findAllByTestId('resource-row');
  expect(within(first).getByRole('link', { name: 'Professionnels de Paris' })).toHaveAttribute('href', '/dashboard/crm/lists/4');
  expect(first).toHaveTextContent('Dynamique');
  expect(first).toHaveTextContent('Selon les filtres');
  expect(second).toHaveTextContent('Statique');
  expect(second).toHaveTextContent('12 clients');
  expect(screen.getByRole('link', { name: 'Nouvelle liste' })).toHaveAttribute('href', '/dashboard/crm/lists/add');
  expect(page.calls[0].query).toEqual({ page: '1', pageSize: '20', sort: 'name' });
});

it('shows the api error with a retry', async () => {
  renderPage(<ListsListPage />, {
    route: '/dashboard/crm/lists',
    api: { 'GET /marketing/lists': () => [403, { success: false, message: 'Ce module n’est pas activé pour votre boutique' }] },
  });
  expect(await screen.findByText('Ce module n’est pas activé pour votre boutique')).toBeInTheDocument();
});
