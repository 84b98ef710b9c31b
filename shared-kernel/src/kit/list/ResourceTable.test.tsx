/** @jest-environment jsdom */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { z } from 'zod';
import type { Paginated } from 'shared-kernel/contracts';
import { api } from 'shared-kernel/runtime';
import { PENDING, paginatedOf, renderPage, reply, type ApiRequest } from '../../testing';
import { createQueryKeys } from '../query/keys';
import { createResourceHooks } from '../query/resource-hooks';
import { listStateSchema, useUrlListState, type ListApiQuery } from './list-state';
import { ResourceTable, RowLink, type ResourceColumn } from './ResourceTable';

interface Client {
  id: number;
  name: string;
  city: string;
  status: 'active' | 'archived';
  revenue: number;
}
const clientsList = listStateSchema({
  sort: ['name', 'revenue'] as const,
  defaultSort: 'name',
  // 10 rows a page: antd tables are slow to render in jsdom
  defaultPageSize: 10,
  filters: { status: z.enum(['active', 'archived']).optional() },
});
type Q = ListApiQuery<'name' | 'revenue', { status: z.ZodOptional<z.ZodEnum<{ active: 'active'; archived: 'archived' }>> }>;

const clients = createResourceHooks({
  keys: createQueryKeys<Q, number>('crm', 'clients'),
  list: (q: Q, signal) => api.get<Paginated<Client>>('/clients', { query: q, silent: true, signal }),
});

const columns: ResourceColumn<Client, 'name' | 'revenue', 'status'>[] = [
  {
    key: 'name',
    title: 'Nom',
    dataIndex: 'name',
    sortKey: 'name',
    cardTitle: true,
    render: (name: string, c) => <RowLink to={`/dashboard/clients/${c.id}`}>{name}</RowLink>,
  },
  { key: 'city', title: 'Ville', dataIndex: 'city' },
  {
    key: 'status',
    title: 'Statut',
    dataIndex: 'status',
    filterKey: 'status',
    filterOptions: [
      { value: 'active', label: 'Actif' },
      { value: 'archived', label: 'Archivé' },
    ],
    render: (s: string) => (s === 'active' ? 'Actif' : 'Archivé'),
    csv: (c) => (c.status === 'active' ? 'Actif' : 'Archivé'),
  },
  {
    key: 'revenue',
    title: 'CA',
    dataIndex: 'revenue',
    sortKey: 'revenue',
    align: 'right',
    render: (cents: number) => `${(cents / 100).toFixed(2)} €`,
    csv: (c) => c.revenue / 100,
  },
  { key: 'actions', title: '', render: () => <Button size="small">Archiver</Button>, hideOnCard: true },
];

function ClientsPage({
  selectable = false,
  exportAll = false,
  ownTexts = false,
}: {
  selectable?: boolean;
  exportAll?: boolean;
  ownTexts?: boolean;
}) {
  const list = useUrlListState(clientsList);
  const query = clients.useList(list.apiQuery);
  return (
    <ResourceTable
      list={list}
      query={query}
      columns={columns}
      label="Liste des clients"
      rowHref={(c) => `/dashboard/clients/${c.id}`}
      search
      texts={{
        empty: 'Aucun client pour le moment',
        emptyFiltered: 'Aucun client ne correspond à ces filtres',
        total: (n) => `${n} client${n > 1 ? 's' : ''}`,
        ...(ownTexts ? { searchLabel: 'Rechercher un client', resetFilters: 'Voir tous les clients' } : {}),
      }}
      exportCsv={
        exportAll
          ? { filename: 'clients', fetchAll: (q) => api.get<Client[]>('/clients/export', { query: q, silent: true }) }
          : { filename: 'clients', fetchPage: clients.fetchList }
      }
      selection={
        selectable
          ? {
              actions: (rows, clear) => (
                <Button
                  onClick={() => {
                    archived.push(...rows.map((r) => r.id));
                    clear();
                  }}
                >
                  Archiver la sélection
                </Button>
              ),
            }
          : undefined
      }
      emptyAction={<Button type="primary">Nouveau client</Button>}
    />
  );
}
let archived: number[] = [];

const ALL: Client[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: `Client ${String(i + 1).padStart(2, '0')}`,
  city: i % 2 ? 'Lyon' : 'Beaune',
  status: i % 3 ? 'active' : 'archived',
  revenue: 10_000 + i * 150,
}));
const serve =
  (rows: Client[] = ALL) =>
  (req: ApiRequest) =>
    paginatedOf(
      rows.filter((r) => !req.query.status || r.status === req.query.status),
      req.query,
    );
const listCalls = (calls: ApiRequest[]) => calls.filter((c) => c.path === '/clients');

function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
const detailRoute = { '/dashboard/clients/:id': <p>fiche client</p> };

beforeEach(() => {
  setWidth(1440);
  archived = [];
});

describe('ResourceTable states', () => {
  it('shows a skeleton while the first page loads', async () => {
    renderPage(<ClientsPage />, { route: '/dashboard/clients', api: { 'GET /clients': PENDING } });
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toHaveAttribute('aria-busy', 'true');
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the empty state with its own text and action', async () => {
    renderPage(<ClientsPage />, { route: '/dashboard/clients', api: { 'GET /clients': serve([]) } });
    expect(await screen.findByText('Aucun client pour le moment')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouveau client' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réinitialiser les filtres' })).not.toBeInTheDocument();
  });

  it('shows another text when filters are active, and resets them', async () => {
    const page = renderPage(<ClientsPage />, {
      route: '/dashboard/clients?status=archived&q=zzz&sort=revenue',
      api: { 'GET /clients': (req: ApiRequest) => (req.query.q ? paginatedOf([], req.query) : serve()(req)) },
    });
    expect(await screen.findByText('Aucun client ne correspond à ces filtres')).toBeInTheDocument();
    expect(screen.queryByText('Aucun client pour le moment')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    expect(await screen.findByRole('link', { name: 'Client 01' })).toBeInTheDocument();
    expect(page.location().search).toBe('?sort=revenue');
    expect(listCalls(page.calls).at(-1)!.query).toEqual({ page: '1', pageSize: '10', sort: 'revenue' });
  });

  it("takes a screen's own search label and reset button text", async () => {
    renderPage(<ClientsPage ownTexts />, {
      route: '/dashboard/clients?q=zzz',
      api: { 'GET /clients': (req: ApiRequest) => paginatedOf([], req.query) },
    });
    expect(await screen.findByRole('button', { name: 'Voir tous les clients' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher un client' })).toBeInTheDocument();
  });

  it("shows the api's message and retries", async () => {
    let fail = true;
    const page = renderPage(<ClientsPage />, {
      route: '/dashboard/clients',
      api: {
        'GET /clients': (req: ApiRequest) =>
          fail ? reply(500, { success: false, message: 'Base de données indisponible' }) : serve()(req),
      },
    });
    expect(await screen.findByText('Impossible de charger les données')).toBeInTheDocument();
    expect(screen.getByText('Base de données indisponible')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Client 01' })).toBeInTheDocument();
    expect(listCalls(page.calls)).toHaveLength(2);
  });
});

describe('ResourceTable and the URL', () => {
  it('sends the URL state to the api and renders the page with its total', async () => {
    const page = renderPage(<ClientsPage />, { route: '/dashboard/clients', api: { 'GET /clients': serve() } });
    expect(await screen.findByRole('link', { name: 'Client 01' })).toBeInTheDocument();
    expect(listCalls(page.calls)[0].query).toEqual({ page: '1', pageSize: '10', sort: 'name' });
    expect(screen.getAllByTestId('resource-row')).toHaveLength(10);
    expect(screen.getByText('45 clients')).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByLabelText('Liste des clients')).toBeInTheDocument();
  });

  it('sorts on a header click: the sort goes into the URL and the api query, back to page 1', async () => {
    const page = renderPage(<ClientsPage />, { route: '/dashboard/clients?page=2', api: { 'GET /clients': serve() } });
    await screen.findByRole('link', { name: 'Client 11' });
    await userEvent.click(screen.getByRole('columnheader', { name: /CA/ }));
    await waitFor(() => expect(page.location().search).toBe('?sort=revenue'));
    await waitFor(() => expect(listCalls(page.calls).at(-1)!.query).toMatchObject({ page: '1', sort: 'revenue' }));
    await userEvent.click(screen.getByRole('columnheader', { name: /CA/ }));
    await waitFor(() => expect(page.location().search).toBe('?sort=-revenue'));
    expect(screen.getByRole('columnheader', { name: /CA/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('paginates on the server and keeps the page in the URL (back returns to it)', async () => {
    const page = renderPage(<ClientsPage />, { route: '/dashboard/clients', api: { 'GET /clients': serve() } });
    await screen.findByRole('link', { name: 'Client 01' });
    await userEvent.click(screen.getByTitle('3'));
    expect(await screen.findByRole('link', { name: 'Client 21' })).toBeInTheDocument();
    expect(page.location().search).toBe('?page=3');
    expect(screen.getAllByTestId('resource-row')).toHaveLength(10);
    expect(listCalls(page.calls).at(-1)!.query.page).toBe('3');
    await page.back();
    expect(await screen.findByRole('link', { name: 'Client 01' })).toBeInTheDocument();
  });

  it('goes to the last page when the URL asks for one past the end', async () => {
    const page = renderPage(<ClientsPage />, { route: '/dashboard/clients?page=9', api: { 'GET /clients': serve() } });
    expect(await screen.findByRole('link', { name: 'Client 41' })).toBeInTheDocument();
    expect(page.location().search).toBe('?page=5');
    expect(screen.getAllByTestId('resource-row')).toHaveLength(5);
  });

  it('filters from the column header: the filter goes into the URL, back to page 1', async () => {
    const page = renderPage(<ClientsPage />, { route: '/dashboard/clients?page=2', api: { 'GET /clients': serve() } });
    await screen.findByRole('link', { name: 'Client 11' });
    const header = screen.getByRole('columnheader', { name: /Statut/ });
    await userEvent.click(within(header).getByRole('button'));
    const menu = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.ant-table-filter-dropdown');
      expect(el).not.toBeNull();
      return el!;
    });
    await userEvent.click(within(menu).getByText('Archivé'));
    await userEvent.click(within(menu).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(page.location().search).toBe('?status=archived'));
    await waitFor(() =>
      expect(listCalls(page.calls).at(-1)!.query).toEqual({ page: '1', pageSize: '10', sort: 'name', status: 'archived' }),
    );
    expect(await screen.findByText('15 clients')).toBeInTheDocument();
  });

  it('searches after the typing stops, replacing the history entry', async () => {
    const page = renderPage(<ClientsPage />, {
      route: '/dashboard/clients',
      api: { 'GET /clients': (req: ApiRequest) => serve(ALL.filter((c) => !req.query.q || c.name.includes(req.query.q)))(req) },
    });
    await screen.findByRole('link', { name: 'Client 01' });
    await page.navigate('/dashboard/clients?page=2');
    await screen.findByRole('link', { name: 'Client 11' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 't 4');
    await waitFor(() => expect(page.location().search).toBe('?q=t+4'), { timeout: 30_000 });
    expect(await screen.findByRole('link', { name: 'Client 45' }, { timeout: 30_000 })).toBeInTheDocument();
    // one request for the whole typing, none per keystroke
    expect(
      listCalls(page.calls)
        .filter((c) => c.query.q)
        .map((c) => c.query.q),
    ).toEqual(['t 4']);
    // the search replaced the page-2 entry: back goes to the list as first opened
    await page.back();
    expect(page.location().search).toBe('');
    // slow in jsdom on a loaded machine (two list loads, three keystrokes, the debounce): room before it counts as hung
  }, 180_000);
});

describe('ResourceTable rows', () => {
  it('opens the detail on a row click, with the list URL for the way back', async () => {
    const page = renderPage(<ClientsPage />, { route: '/dashboard/clients?page=2', api: { 'GET /clients': serve() }, routes: detailRoute });
    await userEvent.click(await screen.findByText('Client 11').then((l) => l.closest('tr')!.querySelector('td:nth-child(2)')!));
    expect(await screen.findByText('fiche client')).toBeInTheDocument();
    expect(page.location().pathname).toBe('/dashboard/clients/11');
    expect(page.location().state).toEqual({ from: '/dashboard/clients?page=2' });
  });

  it('opens the detail with Enter on a focused row', async () => {
    const page = renderPage(<ClientsPage />, { route: '/dashboard/clients', api: { 'GET /clients': serve() }, routes: detailRoute });
    const row = (await screen.findAllByTestId('resource-row'))[1];
    expect(row).toHaveAttribute('tabindex', '0');
    row.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(page.location().pathname).toBe('/dashboard/clients/2'));
  });

  it('opens a new tab on ctrl/cmd-click and leaves clicks on buttons inside the row alone', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const page = renderPage(<ClientsPage />, { route: '/dashboard/clients', api: { 'GET /clients': serve() }, routes: detailRoute });
    const row = (await screen.findAllByTestId('resource-row'))[2];
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(within(row).getByText('Beaune'));
    await user.keyboard('{/Control}');
    expect(open).toHaveBeenCalledWith('/dashboard/clients/3', '_blank', 'noopener');
    await user.click(within(row).getByRole('button', { name: 'Archiver' }));
    expect(page.location().pathname).toBe('/dashboard/clients');
    open.mockRestore();
  });

  it('selects rows and runs a bulk action', async () => {
    renderPage(<ClientsPage selectable />, { route: '/dashboard/clients', api: { 'GET /clients': serve() } });
    const rows = await screen.findAllByTestId('resource-row');
    await userEvent.click(within(rows[0]).getByRole('checkbox'));
    await userEvent.click(within(rows[3]).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: '2 sélectionné(s)' });
    expect(bar).toHaveTextContent('2 sélectionné(s)');
    await userEvent.click(within(bar).getByRole('button', { name: 'Archiver la sélection' }));
    expect(archived).toEqual([1, 4]);
    expect(screen.queryByRole('region', { name: /sélectionné/ })).not.toBeInTheDocument();
  });
});

describe('ResourceTable CSV export', () => {
  let blobs: Blob[] = [];
  let downloads: string[] = [];
  beforeEach(() => {
    blobs = [];
    downloads = [];
    URL.createObjectURL = jest.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:csv';
    }) as never;
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  const bytes = (b: Blob) =>
    new Promise<Uint8Array>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(b);
    });
  const text = async (b: Blob) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytes(b));

  it('exports every row of the current filter, paging through the list, as French CSV', async () => {
    const page = renderPage(<ClientsPage />, {
      route: '/dashboard/clients?status=archived&sort=-revenue',
      api: { 'GET /clients': serve() },
    });
    await screen.findByText('15 clients');
    await userEvent.click(screen.getByRole('button', { name: /Exporter \(CSV\)/ }));
    await waitFor(() => expect(downloads).toEqual(['clients.csv']));
    const raw = await bytes(blobs[0]);
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    const lines = (await text(blobs[0])).slice(1).split('\r\n');
    expect(lines[0]).toBe('Nom;Ville;Statut;CA');
    expect(lines).toHaveLength(16);
    expect(lines[1]).toBe('Client 01;Beaune;Archivé;100');
    expect(lines[2]).toBe('Client 04;Lyon;Archivé;104,5');
    expect(listCalls(page.calls).at(-1)!.query).toEqual({ page: '1', pageSize: '100', sort: '-revenue', status: 'archived' });
  });

  it('uses fetchAll when the resource has an export endpoint', async () => {
    const page = renderPage(<ClientsPage exportAll />, {
      route: '/dashboard/clients?q=Client',
      api: { 'GET /clients': serve(), 'GET /clients/export': () => ALL.slice(0, 2) },
    });
    await screen.findByText('45 clients');
    await userEvent.click(screen.getByRole('button', { name: /Exporter \(CSV\)/ }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect((await text(blobs[0])).slice(1).split('\r\n')).toEqual([
      'Nom;Ville;Statut;CA',
      'Client 01;Beaune;Archivé;100',
      'Client 02;Lyon;Actif;101,5',
    ]);
    expect(page.api.callsTo('GET /clients/export')[0].query).toEqual({ page: '1', pageSize: '10', sort: 'name', q: 'Client' });
  });
});

describe('ResourceTable on a phone', () => {
  it('on phones, a sort no column shows (the default on the id) reads as the placeholder, not as its raw value', async () => {
    setWidth(375);
    const byId = listStateSchema({ sort: ['id', 'name', 'revenue'] as const, defaultSort: '-id', defaultPageSize: 10 });
    function ById() {
      const list = useUrlListState(byId);
      const query = clients.useList(list.apiQuery as never);
      return <ResourceTable list={list} query={query} columns={columns as never} label="Liste des clients" />;
    }
    renderPage(<ById />, { route: '/dashboard/clients', api: { 'GET /clients': serve() } });
    await screen.findAllByTestId('resource-card');
    const sort = screen.getByRole('combobox', { name: 'Trier par' }).closest('.ant-select') as HTMLElement;
    expect(sort).toHaveTextContent('Trier par');
    expect(sort).not.toHaveTextContent('-id');
  });

  it('renders each row as a card from the same columns, with sort and filter selects', async () => {
    setWidth(375);
    const page = renderPage(<ClientsPage />, { route: '/dashboard/clients', api: { 'GET /clients': serve() }, routes: detailRoute });
    const cards = await screen.findAllByTestId('resource-card');
    expect(cards).toHaveLength(10);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Liste des clients' })).toBeInTheDocument();
    const first = within(cards[0]);
    expect(first.getByRole('link', { name: 'Client 01' })).toBeInTheDocument();
    expect(first.getByText('Ville').nextSibling).toHaveTextContent('Beaune');
    expect(first.getByText('CA').nextSibling).toHaveTextContent('100.00 €');
    expect(first.queryByRole('button', { name: 'Archiver' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Trier par' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Statut' })).toBeInTheDocument();

    (cards[1].firstElementChild as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(page.location().pathname).toBe('/dashboard/clients/2'));
  });

  it('a card’s selection box is a finger’s target (24 px at least), not the browser’s 13 px', async () => {
    setWidth(375);
    renderPage(<ClientsPage selectable />, { route: '/dashboard/clients', api: { 'GET /clients': serve() } });
    const [card] = await screen.findAllByTestId('resource-card');
    expect(within(card).getByRole('checkbox', { name: 'Sélectionner 1' })).toHaveStyle({ width: '24px', height: '24px' });
  });
});
