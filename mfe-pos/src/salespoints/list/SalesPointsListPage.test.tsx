import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POS_MESSAGES, type SalesPoint } from 'shared-kernel/contracts';
import { paginatedOf, renderPage, reply, type ApiHandlers } from 'shared-kernel/testing';
import { fixClock, salesPoint, session } from '../salespoints.fixtures';
import SalesPointsListPage from './SalesPointsListPage';

const PATH = '/dashboard/salespoints';
const WAREHOUSES = [
  { id: 2, name: 'Chai principal', archived: false },
  { id: 5, name: 'Boutique Beaune', archived: false },
  { id: 6, name: 'Ancien dépôt', archived: true },
];

function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

function open(points: SalesPoint[], handlers: ApiHandlers = {}) {
  return renderPage(<SalesPointsListPage routePath={PATH} />, {
    route: PATH,
    path: PATH,
    routes: { '/dashboard/salespoints/:id': <p>fiche</p>, '/dashboard/salespoints/:id/new-order': <p>caisse</p> },
    api: {
      'GET /pos/salespoints': points,
      'GET /stock/warehouses': (req: { query: Record<string, string> }) => paginatedOf(WAREHOUSES, req.query),
      ...handlers,
    },
  });
}

beforeEach(() => {
  setWidth(1440);
  fixClock('2026-11-26T15:00:00Z');
});
afterEach(() => jest.useRealTimers());

const POINTS = [
  salesPoint({
    id: 3,
    name: 'Caveau',
    methods: ['cash', 'card', 'cheque'],
    today: { total: 123450, tickets: 14 },
    session: session({ id: 9, openedAt: '2026-11-26T08:05:00Z' }),
  }),
  salesPoint({ id: 4, name: 'Salon des vins de Paris', warehouse: { id: 5, name: 'Boutique Beaune' }, methods: ['card'] }),
  // left open since yesterday evening
  salesPoint({
    id: 7,
    name: 'Fête des vins',
    session: session({ id: 12, openedAt: '2026-11-25T17:02:00Z' }),
    today: { total: 0, tickets: 0 },
  }),
];

describe('Points de vente — list', () => {
  it('lists each salespoint with its warehouse, methods, takings of the day and session, and opens its till', async () => {
    const page = open(POINTS);
    const rows = await screen.findAllByTestId('resource-row');
    expect(screen.getByRole('heading', { level: 1, name: 'Points de vente' })).toBeInTheDocument();
    expect(rows).toHaveLength(3);

    const caveau = within(rows[0]);
    expect(caveau.getByRole('link', { name: 'Caveau' })).toHaveAttribute('href', '/dashboard/salespoints/3');
    expect(caveau.getByText('Chai principal')).toBeInTheDocument();
    expect(['Espèces', 'Carte bancaire', 'Chèque'].every((m) => caveau.queryByText(m))).toBe(true);
    expect(caveau.getByText('1 234,50 € · 14 tickets')).toBeInTheDocument();
    expect(caveau.getByTestId('session-state')).toHaveTextContent('Session ouverte depuis 09:05');

    const salon = within(rows[1]);
    expect(salon.getByTestId('session-state')).toHaveTextContent('Fermée');
    expect(salon.getByText('0,00 € · 0 ticket')).toBeInTheDocument();
    expect(salon.queryByText('Espèces')).toBeNull();
    expect(within(rows[2]).getByTestId('session-state')).toHaveTextContent('Session ouverte depuis le 25/11/2026 à 18:02');
    expect(screen.getByText('3 points de vente')).toBeInTheDocument();

    const till = salon.getByRole('link', { name: 'Ouvrir la caisse Salon des vins de Paris' });
    expect(till).toHaveAttribute('href', '/dashboard/salespoints/4/new-order');
    await userEvent.click(till);
    expect(await screen.findByText('caisse')).toBeInTheDocument();
    expect(page.location().pathname).toBe('/dashboard/salespoints/4/new-order');
  });

  it('opens the detail from a row with the keyboard', async () => {
    const page = open(POINTS);
    const rows = await screen.findAllByTestId('resource-row');
    rows[1].focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('fiche')).toBeInTheDocument();
    expect(page.location().pathname).toBe('/dashboard/salespoints/4');
  });

  it('shows cards on a phone', async () => {
    setWidth(390);
    open(POINTS.slice(0, 1));
    const card = await screen.findByTestId('resource-card');
    expect(within(card).getByRole('link', { name: 'Caveau' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ouvrir la caisse Caveau' })).toBeInTheDocument();
    expect(within(card).getByText('Session ouverte depuis 09:05')).toBeInTheDocument();
  });

  it('says when there is no salespoint yet', async () => {
    open([]);
    expect(await screen.findByText('Aucun point de vente : créez-en un pour encaisser au caveau ou sur un salon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouveau point de vente' })).toBeInTheDocument();
  });

  it('shows the api error with a retry', async () => {
    let calls = 0;
    const page = open([], {
      'GET /pos/salespoints': () => (++calls === 1 ? reply(500, { success: false, message: 'Base indisponible' }) : [POINTS[0]]),
    });
    expect(await screen.findByText('Base indisponible')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Caveau' })).toBeInTheDocument();
    expect(page.api.callsTo('GET /pos/salespoints')).toHaveLength(2);
  });
});

describe('Points de vente — creation', () => {
  it('creates a salespoint from the drawer: the api field error lands under its field, then the success snackbar', async () => {
    let attempt = 0;
    const created = salesPoint({ id: 8, name: 'Salon de Lyon', warehouse: { id: 5, name: 'Boutique Beaune' } });
    const page = open([], {
      'GET /pos/salespoints': () => (attempt >= 2 ? [created] : []),
      'POST /pos/salespoints': () =>
        ++attempt === 1 ? reply(400, { success: false, message: 'Ce nom est déjà pris', field: 'name' }) : [201, created],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Nouveau point de vente' }));
    const form = await screen.findByRole('form', { name: 'Nouveau point de vente' });
    const f = within(form);

    // nothing is sent while the form is incomplete: the contract's messages show
    await userEvent.click(f.getByRole('checkbox', { name: 'Espèces' }));
    await userEvent.click(f.getByRole('checkbox', { name: 'Carte bancaire' }));
    await userEvent.click(f.getByRole('button', { name: 'Créer le point de vente' }));
    expect(await f.findByText(POS_MESSAGES.name)).toBeInTheDocument();
    expect(f.getByText(POS_MESSAGES.warehouse)).toBeInTheDocument();
    expect(f.getByText(POS_MESSAGES.methods)).toBeInTheDocument();
    expect(page.api.callsTo('POST /pos/salespoints')).toHaveLength(0);

    await userEvent.click(f.getByLabelText(/^Nom/));
    await userEvent.paste('Salon de Lyon');
    await userEvent.click(f.getByLabelText(/^Entrepôt/));
    // the archived warehouse is not offered
    expect(screen.queryByTitle('Ancien dépôt')).toBeNull();
    await userEvent.click(await screen.findByTitle('Boutique Beaune'));
    await userEvent.click(f.getByRole('checkbox', { name: 'Carte bancaire' }));
    await userEvent.click(f.getByRole('checkbox', { name: 'Titre-restaurant' }));
    expect(f.getByLabelText(/^Typologie de prix/)).toHaveAttribute('placeholder', 'Typologie publique');
    await userEvent.click(f.getByLabelText(/^Pied du ticket/));
    await userEvent.paste('À bientôt');
    await userEvent.click(f.getByRole('switch'));
    await userEvent.click(f.getByRole('button', { name: 'Créer le point de vente' }));

    await waitFor(() => expect(f.getByLabelText(/^Nom/)).toHaveAccessibleDescription('Ce nom est déjà pris'));
    expect(page.api.callsTo('POST /pos/salespoints')[0].body).toEqual({
      name: 'Salon de Lyon',
      warehouseId: 5,
      methods: ['card', 'ticket'],
      typology: null,
      receiptHeader: '',
      receiptFooter: 'À bientôt',
      display: true,
    });
    expect(page.api.callsTo('GET /stock/warehouses')[0].query).toEqual({ pageSize: '100' });

    await userEvent.click(f.getByRole('button', { name: 'Créer le point de vente' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: POS_MESSAGES.created, error: false }]));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nouveau point de vente' })).toBeNull());
    // the list is read again and shows the new salespoint
    expect(await screen.findByRole('link', { name: 'Salon de Lyon' })).toHaveAttribute('href', '/dashboard/salespoints/8');
  });
});
