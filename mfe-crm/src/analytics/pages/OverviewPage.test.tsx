import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalyticsOverview, AnalyticsCommissions } from 'shared-kernel/contracts';
import { renderPage } from 'shared-kernel/testing';
import AnalyticsOverviewPage from './OverviewPage';
import CommissionsPage from './CommissionsPage';
import CampaignsReportPage from './CampaignsPage';

jest.setTimeout(90_000);

const overview: AnalyticsOverview = {
  from: '2026-01-01',
  to: '2026-02-28',
  kpis: { revenueCents: 345_678, orders: 3, averageBasketCents: 115_226 },
  months: [
    { month: '2026-01', revenueCents: 123_456, orders: 1 },
    { month: '2026-02', revenueCents: 222_222, orders: 2 },
  ],
  topProducts: [{ productId: 4, name: 'Les Galets 2022', quantity: 12, revenueCents: 180_000 }],
  topClients: [{ key: 'c1', name: 'Cave Martin', orders: 2, revenueCents: 222_222 }],
};

const nb = (s: string) => s.replace(/\s/g, ' ');

describe('/dashboard/analytics', () => {
  it('shows the faked api numbers in the tables, for the period of the URL', async () => {
    const page = renderPage(<AnalyticsOverviewPage />, {
      route: '/dashboard/analytics?from=2026-01-01&to=2026-02-28',
      session: 'owner',
      api: { 'GET /analytics/overview': overview },
    });
    const table = (await screen.findByText('01/2026')).closest('table')!;
    const rows = within(table).getAllByRole('row');
    expect(nb(rows.find((r) => r.textContent?.includes('01/2026'))!.textContent!)).toContain('1 234,56 €');
    expect(nb(rows.find((r) => r.textContent?.includes('02/2026'))!.textContent!)).toContain('2 222,22 €');
    expect(nb(rows.find((r) => r.textContent?.includes('Total'))!.textContent!)).toContain('3 456,78 €');
    expect(screen.getByText('Les Galets 2022')).toBeInTheDocument();
    expect(screen.getByText('Cave Martin')).toBeInTheDocument();
    expect(page.calls[0].query).toEqual({ from: '2026-01-01', to: '2026-02-28' });
  });

  it('the period picker writes the URL (preset « Mois dernier ») and asks the api for it', async () => {
    const page = renderPage(<AnalyticsOverviewPage />, {
      route: '/dashboard/analytics?from=2026-01-01&to=2026-02-28',
      session: 'owner',
      api: { 'GET /analytics/overview': (req) => ({ ...overview, from: req.query.from, to: req.query.to }) },
    });
    await screen.findByText('01/2026');
    await userEvent.click(screen.getAllByRole('textbox')[0]);
    await userEvent.click(await screen.findByText('Mois dernier'));
    const now = new Date();
    const last = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    const from = `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}-01`;
    const end = new Date(now.getFullYear(), now.getMonth(), 0);
    const to = `${end.getFullYear()}-${String(end.getMonth() + 1).padStart(2, '0')}-${String(end.getDate()).padStart(2, '0')}`;
    await screen.findByText('01/2026');
    expect(new URLSearchParams(page.location().search).get('from')).toBe(from);
    expect(new URLSearchParams(page.location().search).get('to')).toBe(to);
    expect(page.calls.at(-1)!.query).toEqual({ from, to });
  });

  it('shows the error of the api with a retry', async () => {
    renderPage(<AnalyticsOverviewPage />, {
      route: '/dashboard/analytics',
      session: 'owner',
      api: { 'GET /analytics/overview': [500, { success: false, message: 'Service indisponible' }] },
    });
    expect(await screen.findByText('Service indisponible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});

describe('/dashboard/analytics/campaigns', () => {
  it('says honestly that campaigns come with Marketing', async () => {
    renderPage(<CampaignsReportPage />, {
      route: '/dashboard/analytics/campaigns',
      session: 'owner',
      api: { 'GET /analytics/campaigns': { items: [], total: 0 } },
    });
    expect(await screen.findByText('Les campagnes apparaîtront ici avec le module Marketing')).toBeInTheDocument();
  });
});

describe('/dashboard/analytics/commissions', () => {
  const answer: AnalyticsCommissions = {
    items: [
      {
        id: 7,
        agentId: 5,
        agentName: 'Antoine Agent',
        orderId: 3,
        orderNumber: 'C2026-00003',
        clientName: 'Cave Martin',
        baseCents: 100_000,
        rateBp: 750,
        amountCents: 7_500,
        periodMonth: '2026-02-01',
        status: 'due',
        paidAt: null,
        createdAt: '2026-02-10T10:00:00.000Z',
      },
    ],
    totals: { dueCents: 7_500, paidCents: 0 },
    agents: [{ id: 5, name: 'Antoine Agent' }],
    canManage: false,
  };

  it('reads ?agentId= from the URL, shows the lines; an agent gets no pay button', async () => {
    const page = renderPage(<CommissionsPage />, {
      route: '/dashboard/analytics/commissions?agentId=5',
      session: 'agent',
      api: { 'GET /analytics/commissions': answer },
    });
    const cell = await screen.findByText('C2026-00003');
    const row = cell.closest('tr')!;
    expect(nb(row.textContent!)).toContain('75,00 €');
    expect(nb(row.textContent!)).toContain('7,5 %');
    expect(within(row).getByText('Due')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marquer payée' })).toBeNull();
    expect(page.calls[0].query).toEqual({ agentId: '5' });
  });
});
