import type { ReactElement } from 'react';
import { getDefaultNormalizer, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesSummary, UpcomingReservations } from 'shared-kernel/contracts';
import { PENDING, paginatedOf, renderPage, reply, type ApiHandlers, type ApiRequest } from 'shared-kernel/testing';
import { EURO, summary } from '../orders/orders.fixtures';
import { unpaidSummary } from '../sales.fixtures';
import { LastOrdersWidget, RevenueWidget, ToValidateWidget, UnpaidsWidget, UpcomingReservationsWidget } from './widgets';

const SUMMARY: SalesSummary = {
  toValidate: 3,
  currentMonth: { totalTTC: 150000, totalHT: 125000, count: 12 },
  previousMonth: { totalTTC: 120000, totalHT: 100000, count: 10 },
};
/** Text matched as written: the no-break spaces of French money and percentages are part of what is checked. */
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
const FAILURE = reply(500, { success: false, message: 'Base de données indisponible' });

// the shell renders a widget without props on /dashboard, inside its own card
const onDashboard = (widget: ReactElement, api: ApiHandlers, session: 'owner' | 'buyer' = 'owner') =>
  renderPage(widget, { route: '/dashboard', session, api, routes: { '/dashboard/orders': <p>liste</p> } });

describe("'Commandes à valider'", () => {
  it('shows a loading state, then the count and the link to the pending orders', async () => {
    const loading = onDashboard(<ToValidateWidget />, { 'GET /orders/summary': PENDING });
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
    loading.unmount();

    const next = onDashboard(<ToValidateWidget />, { 'GET /orders/summary': SUMMARY });
    expect(await screen.findByText('3 commandes à valider')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Voir les commandes à valider' });
    expect(link).toHaveAttribute('href', '/dashboard/orders?status=pending');
    await userEvent.click(link);
    expect(`${next.location().pathname}${next.location().search}`).toBe('/dashboard/orders?status=pending');
  });

  it('says when nothing waits, and one order in the singular', async () => {
    const page = onDashboard(<ToValidateWidget />, { 'GET /orders/summary': { ...SUMMARY, toValidate: 0 } });
    expect(await screen.findByText('Aucune commande à valider')).toBeInTheDocument();
    page.unmount();
    onDashboard(<ToValidateWidget />, { 'GET /orders/summary': { ...SUMMARY, toValidate: 1 } });
    expect(await screen.findByText('1 commande à valider')).toBeInTheDocument();
  });

  it('shows an error of its own', async () => {
    onDashboard(<ToValidateWidget />, { 'GET /orders/summary': FAILURE });
    expect(await screen.findByText('Impossible de charger ces données')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe("'Chiffre d'affaires du mois'", () => {
  it('compares this month with last month, TTC and HT, with the change in %', async () => {
    onDashboard(<RevenueWidget />, { 'GET /orders/summary': SUMMARY });
    expect(await screen.findByText('+25\u00a0% par rapport au mois dernier', exact)).toBeInTheDocument();
    expect(screen.getByText('Ce mois-ci')).toBeInTheDocument();
    expect(screen.getByText(`${EURO('1 500,00 €')} TTC`, exact)).toBeInTheDocument();
    expect(screen.getByText(`${EURO('1 250,00 €')} HT · 12 commandes`, exact)).toBeInTheDocument();
    expect(screen.getByText('Le mois dernier')).toBeInTheDocument();
    expect(screen.getByText(`${EURO('1 200,00 €')} TTC`, exact)).toBeInTheDocument();
    expect(screen.getByText(`${EURO('1 000,00 €')} HT · 10 commandes`, exact)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir les commandes' })).toHaveAttribute('href', '/dashboard/orders');
  });

  it('writes a decrease with a minus sign and a decimal comma', async () => {
    onDashboard(<RevenueWidget />, {
      'GET /orders/summary': { ...SUMMARY, currentMonth: { totalTTC: 105000, totalHT: 87500, count: 1 } },
    });
    expect(await screen.findByText('−12,5\u00a0% par rapport au mois dernier', exact)).toBeInTheDocument();
    expect(screen.getByText(`${EURO('875,00 €')} HT · 1 commande`, exact)).toBeInTheDocument();
  });

  it("says 'Pas de ventes le mois dernier' when there is nothing to compare with", async () => {
    onDashboard(<RevenueWidget />, { 'GET /orders/summary': { ...SUMMARY, previousMonth: { totalTTC: 0, totalHT: 0, count: 0 } } });
    expect(await screen.findByText('Pas de ventes le mois dernier')).toBeInTheDocument();
    expect(screen.queryByText(/par rapport au mois dernier/)).not.toBeInTheDocument();
  });

  it('shows a loading state and an error of its own', async () => {
    const page = onDashboard(<RevenueWidget />, { 'GET /orders/summary': PENDING });
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
    page.unmount();
    onDashboard(<RevenueWidget />, { 'GET /orders/summary': FAILURE });
    expect(await screen.findByText('Impossible de charger ces données')).toBeInTheDocument();
  });
});

describe("'Dernières commandes'", () => {
  it('lists the 5 newest orders through the orders list, each linking to its detail', async () => {
    const page = onDashboard(<LastOrdersWidget />, {
      'GET /orders': (req: ApiRequest) =>
        paginatedOf(
          [summary({ id: 12, number: 'C-12', status: 'pending', totalTTC: 4560 }), summary({ id: 11, number: 'C-11' })],
          req.query,
        ),
    });
    const list = await screen.findByRole('list', { name: 'Dernières commandes' });
    expect(page.calls[0].query).toEqual({ page: '1', pageSize: '5', kind: 'order' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'n° C-12' })).toHaveAttribute('href', '/dashboard/orders/12');
    expect(within(items[0]).getByText(`21/03/2026 14:05 · Béatrice Acheteuse · ${EURO('45,60 €')}`, exact)).toBeInTheDocument();
    expect(within(items[0]).getByText('En attente')).toBeInTheDocument();
    expect(within(items[1]).getByRole('link', { name: 'n° C-11' })).toHaveAttribute('href', '/dashboard/orders/11');
    expect(screen.getByRole('link', { name: 'Voir toutes les commandes' })).toHaveAttribute('href', '/dashboard/orders');
  });

  it("a buyer's orders name the shop", async () => {
    onDashboard(
      <LastOrdersWidget />,
      { 'GET /orders': (req: ApiRequest) => paginatedOf([summary({ id: 3, number: 'C-3' })], req.query) },
      'buyer',
    );
    expect(await screen.findByRole('link', { name: 'n° C-3' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('21/03/2026 14:05 · Domaine de Démo');
  });

  it('empty, loading and error states', async () => {
    const empty = onDashboard(<LastOrdersWidget />, { 'GET /orders': (req: ApiRequest) => paginatedOf([], req.query) });
    expect(await screen.findByText('Aucune commande pour le moment')).toBeInTheDocument();
    empty.unmount();
    const loading = onDashboard(<LastOrdersWidget />, { 'GET /orders': PENDING });
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
    loading.unmount();
    onDashboard(<LastOrdersWidget />, { 'GET /orders': FAILURE });
    expect(await screen.findByText('Impossible de charger ces données')).toBeInTheDocument();
  });
});

describe("'Prochaines réservations'", () => {
  const UPCOMING: UpcomingReservations = {
    items: [
      {
        orderId: 5,
        number: 'R-5',
        eventTitle: 'Visite des chais',
        slotLabel: 'Matin',
        startsAt: '2026-04-12T10:00:00',
        places: 4,
        buyerName: 'Béatrice Acheteuse',
        shopName: 'Domaine de Démo',
      },
      {
        orderId: 6,
        number: 'R-6',
        eventTitle: 'Balade dans les vignes',
        slotLabel: null,
        startsAt: '2026-04-13T14:00:00',
        places: 1,
        buyerName: null,
        shopName: 'Domaine de Démo',
      },
    ],
  };

  it('lists the next booked slots, each linking to its reservation', async () => {
    onDashboard(<UpcomingReservationsWidget />, { 'GET /orders/upcoming-reservations': UPCOMING });
    const items = within(await screen.findByRole('list', { name: 'Prochaines réservations' })).getAllByRole('listitem');
    expect(within(items[0]).getByRole('link', { name: 'Visite des chais' })).toHaveAttribute('href', '/dashboard/reservations/5');
    expect(items[0]).toHaveTextContent('12/04/2026 10:00 · Matin · 4 places · Béatrice Acheteuse');
    expect(items[1]).toHaveTextContent('13/04/2026 14:00 · 1 place · Domaine de Démo');
    expect(screen.getByRole('link', { name: 'Voir les réservations' })).toHaveAttribute('href', '/dashboard/reservations');
  });

  it('empty, loading and error states', async () => {
    const empty = onDashboard(<UpcomingReservationsWidget />, { 'GET /orders/upcoming-reservations': { items: [] } });
    expect(await screen.findByText('Aucune réservation à venir')).toBeInTheDocument();
    empty.unmount();
    const loading = onDashboard(<UpcomingReservationsWidget />, { 'GET /orders/upcoming-reservations': PENDING });
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
    loading.unmount();
    onDashboard(<UpcomingReservationsWidget />, { 'GET /orders/upcoming-reservations': FAILURE });
    expect(await screen.findByText('Impossible de charger ces données')).toBeInTheDocument();
  });
});

describe("'Impayés'", () => {
  it('shows what is owed, what is overdue, and the oldest overdue invoices linking to the unpaids', async () => {
    const page = onDashboard(<UnpaidsWidget />, { 'GET /sales/unpaid-summary': unpaidSummary() });
    expect((await screen.findByTestId('unpaids-outstanding')).textContent).toBe(`Encours clients${EURO('4 500,00 €')}`);
    expect(screen.getByTestId('unpaids-overdue').textContent).toBe(`En retard${EURO('1 800,00 €')}`);
    expect(screen.getByText('7 factures en retard')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Factures en retard les plus anciennes' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'Facture F2026-00003' })).toHaveAttribute('href', '/dashboard/payments/unpaids');
    expect(items[0].textContent).toBe(`Facture F2026-00003Cave Dupont · 64 j de retard${EURO('600,00 €')}`);
    expect(items[1].textContent).toBe(`Facture F2026-00004Bistrot du Port · 21 j de retard${EURO('120,00 €')}`);
    const link = screen.getByRole('link', { name: 'Voir les impayés' });
    expect(link).toHaveAttribute('href', '/dashboard/payments/unpaids');
    await userEvent.click(link);
    expect(page.location().pathname).toBe('/dashboard/payments/unpaids');
  });

  it('empty, loading and error states', async () => {
    const empty = onDashboard(<UnpaidsWidget />, {
      'GET /sales/unpaid-summary': unpaidSummary({ outstanding: 0, overdue: 0, overdueCount: 0, oldest: [] }),
    });
    expect(await screen.findByText('Aucune facture en retard')).toBeInTheDocument();
    expect(screen.getByTestId('unpaids-overdue').textContent).toBe(`En retard${EURO('0,00 €')}`);
    empty.unmount();
    const loading = onDashboard(<UnpaidsWidget />, { 'GET /sales/unpaid-summary': PENDING });
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
    loading.unmount();
    onDashboard(<UnpaidsWidget />, { 'GET /sales/unpaid-summary': FAILURE });
    expect(await screen.findByText('Impossible de charger ces données')).toBeInTheDocument();
  });
});
