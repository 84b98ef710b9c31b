import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POS_MESSAGES } from 'shared-kernel/contracts';
import { paginatedOf, renderPage, reply, type ApiHandlers, type ApiRequest } from 'shared-kernel/testing';
import { closing, fixClock, salesPoint, session } from '../salespoints.fixtures';
import SalesPointDetailPage from './SalesPointDetailPage';

const PATH = '/dashboard/salespoints/:id';
const CAVEAU = salesPoint({
  id: 3,
  name: 'Caveau',
  methods: ['cash', 'card'],
  typology: 'Caveau',
  today: { total: 123450, tickets: 14 },
  session: session({ id: 9, openedAt: '2026-11-26T08:05:00Z' }),
});

function open(route: string, handlers: ApiHandlers = {}) {
  return renderPage(<SalesPointDetailPage routePath={PATH} />, {
    route,
    path: PATH,
    routes: { '/dashboard/salespoints': <p>liste</p>, '/dashboard/salespoints/:id/new-order': <p>caisse</p> },
    api: {
      'GET /pos/salespoints/3': CAVEAU,
      'GET /pos/salespoints/3/tickets': (req: ApiRequest) => paginatedOf([], req.query),
      ...handlers,
    },
  });
}

beforeEach(() => {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    window.dispatchEvent(new Event('resize'));
  });
  fixClock('2026-11-26T15:00:00Z');
});
afterEach(() => jest.useRealTimers());

describe('salespoint page', () => {
  it('shows the salespoint with its session, takings and methods, its till, and the tickets tab first', async () => {
    const page = open('/dashboard/salespoints/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Caveau' })).toBeInTheDocument();
    const summary = screen.getByTestId('salespoint-summary');
    expect(summary).toHaveTextContent('Entrepôt Chai principal');
    expect(summary).toHaveTextContent('Session ouverte depuis 09:05');
    expect(summary).toHaveTextContent('Aujourd’hui : 1 234,50 € · 14 tickets');
    expect(within(summary).getByText('Espèces')).toBeInTheDocument();
    expect(within(summary).getByText('Typologie Caveau')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tickets', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Aucun ticket pour le moment')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Ouvrir la caisse' }));
    expect(await screen.findByText('caisse')).toBeInTheDocument();
    expect(page.location().pathname).toBe('/dashboard/salespoints/3/new-order');
  });

  it('edits the salespoint in a drawer (PUT) and shows the saved name', async () => {
    const page = open('/dashboard/salespoints/3?tab=integrity', {
      'GET /stock/warehouses': (req: ApiRequest) => paginatedOf([{ id: 2, name: 'Chai principal', archived: false }], req.query),
      'PUT /pos/salespoints/3': (req: ApiRequest) => ({ ...CAVEAU, ...(req.body as object), warehouse: CAVEAU.warehouse }),
      'GET /pos/salespoints': [],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier' }));
    const form = await screen.findByRole('form', { name: 'Modifier le point de vente' });
    const f = within(form);
    expect(f.getByLabelText(/^Nom/)).toHaveValue('Caveau');
    expect(f.getByLabelText(/^Typologie de prix/)).toHaveValue('Caveau');
    expect(f.getByRole('checkbox', { name: 'Espèces' })).toBeChecked();
    expect(f.getByRole('checkbox', { name: 'Chèque' })).not.toBeChecked();
    await userEvent.clear(f.getByLabelText(/^Nom/));
    await userEvent.click(f.getByLabelText(/^Nom/));
    await userEvent.paste('Caveau du domaine');
    await userEvent.clear(f.getByLabelText(/^Typologie de prix/));
    await userEvent.click(f.getByRole('checkbox', { name: 'Chèque' }));
    await userEvent.click(f.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(page.snackbars()).toEqual([{ text: POS_MESSAGES.saved, error: false }]));
    expect(page.api.callsTo('PUT /pos/salespoints/:id')[0].body).toEqual({
      name: 'Caveau du domaine',
      warehouseId: 2,
      methods: ['cash', 'card', 'cheque'],
      typology: null,
      receiptHeader: CAVEAU.receiptHeader,
      receiptFooter: CAVEAU.receiptFooter,
      display: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Caveau du domaine' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Modifier le point de vente' })).toBeNull();
  });

  it('answers the not-found page for an unknown id, and for a malformed one without asking the api', async () => {
    open('/dashboard/salespoints/99', { 'GET /pos/salespoints/99': reply(404, { success: false, message: POS_MESSAGES.notFound }) });
    expect(await screen.findByRole('heading', { name: 'Point de vente introuvable' })).toBeInTheDocument();
    expect(screen.getByText("Cette page n'existe pas ou vous n'y avez pas accès.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux points de vente' })).toHaveAttribute('href', '/dashboard/salespoints');
  });

  it('a malformed id is not found without any call', async () => {
    const page = open('/dashboard/salespoints/abc');
    expect(await screen.findByRole('heading', { name: 'Point de vente introuvable' })).toBeInTheDocument();
    expect(page.calls).toHaveLength(0);
  });
});

describe('Sessions tab', () => {
  const SESSIONS = [
    session({ id: 9, openedAt: '2026-11-26T08:05:00Z', float: 15000 }),
    session({
      id: 8,
      openedAt: '2026-11-25T08:00:00Z',
      openedBy: 'Paul Sommelier',
      float: 20000,
      closedAt: '2026-11-25T18:10:00Z',
      closedBy: 'Marie Caviste',
      closingId: 21,
    }),
  ];

  it('lists the sessions, opens the Z of a closed one and the tickets of a session', async () => {
    const page = open('/dashboard/salespoints/3?tab=sessions', {
      'GET /pos/salespoints/3/sessions': SESSIONS,
      'GET /pos/salespoints/3/closings': [closing({ id: 21 })],
    });
    const rows = await screen.findAllByTestId('resource-row');
    const cells = rows.map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    );
    expect(cells).toEqual([
      ['n°9', '26/11/2026 09:05 par Marie Caviste', '150,00 €', 'En cours', '—', 'Tickets'],
      ['n°8', '25/11/2026 09:00 par Paul Sommelier', '200,00 €', '25/11/2026 19:10 par Marie Caviste', 'Voir le Z', 'Tickets'],
    ]);

    await userEvent.click(within(rows[1]).getByRole('link', { name: 'Voir la clôture de la session n°8' }));
    expect(await screen.findByTestId('closing-report')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Clôtures', selected: true })).toBeInTheDocument();
    expect(page.location().search).toBe('?tab=closings&closing=21');

    await page.navigate('/dashboard/salespoints/3?tab=sessions');
    const again = await screen.findAllByTestId('resource-row');
    await userEvent.click(within(again[0]).getByRole('link', { name: 'Voir les tickets de la session n°9' }));
    await waitFor(() => expect(page.location().search).toBe('?sessionId=9'));
    expect(await screen.findByText('Session n°9')).toBeInTheDocument();
    await waitFor(() =>
      expect(page.api.callsTo('GET /pos/salespoints/3/tickets').at(-1)!.query).toEqual({
        page: '1',
        pageSize: '20',
        sort: '-number',
        sessionId: '9',
      }),
    );
  });

  it('says when the till was never opened', async () => {
    open('/dashboard/salespoints/3?tab=sessions', { 'GET /pos/salespoints/3/sessions': [] });
    expect(await screen.findByText('Aucune session : la caisse n’a pas encore été ouverte')).toBeInTheDocument();
  });
});
