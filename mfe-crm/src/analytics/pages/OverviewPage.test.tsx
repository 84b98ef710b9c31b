import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalyticsCampaignFigures, AnalyticsCampaigns, AnalyticsCommissions, AnalyticsOverview } from 'shared-kernel/contracts';
import { iamWith, renderPage } from 'shared-kernel/testing';
import AnalyticsOverviewPage from './OverviewPage';
import CommissionsPage from './CommissionsPage';
import CampaignsReportPage from './CampaignsPage';

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
  const zero: AnalyticsCampaignFigures = {
    recipients: 0,
    queued: 0,
    sent: 0,
    delivered: 0,
    failed: 0,
    bounced: 0,
    opened: 0,
    clicked: 0,
    unsubscribed: 0,
    openRate: 0,
    clickRate: 0,
    unsubscribeRate: 0,
  };
  const a = {
    recipients: 10,
    queued: 0,
    sent: 10,
    delivered: 8,
    failed: 1,
    bounced: 1,
    opened: 5,
    clicked: 2,
    unsubscribed: 1,
    openRate: 0.625,
    clickRate: 0.25,
    unsubscribeRate: 0.125,
  };
  const b = { ...zero, recipients: 5, queued: 2, sent: 3, delivered: 3, opened: 1, clicked: 1, openRate: 0.3333, clickRate: 0.3333 };
  const answer: AnalyticsCampaigns = {
    from: '2026-01-01',
    to: '2026-03-31',
    items: [
      {
        id: 9,
        name: 'Portes ouvertes',
        subject: 'Venez nous voir',
        status: 'sending',
        startedAt: '2026-03-02T09:00:00Z',
        sentAt: null,
        ...b,
      },
      {
        id: 7,
        name: 'Millésime 2024',
        subject: 'Le 2024 est là',
        status: 'sent',
        startedAt: '2026-01-10T09:00:00Z',
        sentAt: '2026-01-10T10:00:00Z',
        ...a,
      },
    ],
    total: 2,
    totals: {
      campaigns: 2,
      recipients: 15,
      queued: 2,
      sent: 13,
      delivered: 11,
      failed: 1,
      bounced: 1,
      opened: 6,
      clicked: 3,
      unsubscribed: 1,
      openRate: 0.5455,
      clickRate: 0.2727,
      unsubscribeRate: 0.0909,
    },
    months: [
      { month: '2026-01', campaigns: 1, ...a },
      { month: '2026-02', campaigns: 0, ...zero },
      { month: '2026-03', campaigns: 1, ...b },
    ],
  };
  const empty: AnalyticsCampaigns = {
    ...answer,
    items: [],
    total: 0,
    totals: { campaigns: 0, ...zero },
    months: answer.months.map((m) => ({ ...m, ...zero, campaigns: 0 })),
  };

  it('KPI cards, the campaigns with their rates and a link to each, the totals; the period of the URL is asked', async () => {
    const page = renderPage(<CampaignsReportPage />, {
      route: '/dashboard/analytics/campaigns?from=2026-01-01&to=2026-03-31',
      session: 'owner',
      api: { 'GET /analytics/campaigns': answer },
    });
    const link = await screen.findByRole('link', { name: 'Millésime 2024' });
    expect(link).toHaveAttribute('href', '/dashboard/crm/campaigns/7');
    expect(page.calls[0].query).toEqual({ from: '2026-01-01', to: '2026-03-31' });

    const card = (title: string) => nb(screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-card')!.textContent!);
    expect(card('Campagnes envoyées')).toContain('2');
    expect(card('E-mails délivrés')).toContain('11');
    // 0.5455 shown with one decimal, as the campaign page shows its rates
    expect(card("Taux d'ouverture")).toContain('54,6 %');
    expect(card('Taux de clic')).toContain('27,3 %');
    expect(card('Désinscriptions')).toContain('1');

    const row = nb(link.closest('tr')!.textContent!);
    expect(row).toContain('10/01/2026');
    expect(row).toContain('62,5 %');
    expect(row).toContain('25 %');
    expect(row).toContain('12,5 %');
    const sending = nb(screen.getByRole('link', { name: 'Portes ouvertes' }).closest('tr')!.textContent!);
    expect(sending).toContain("02/03/2026 (En cours d'envoi)");
    expect(sending).toContain('33,3 %');
    const table = link.closest('table')!;
    const total = within(table)
      .getAllByRole('row')
      .find((r) => r.textContent?.startsWith('Total'))!;
    expect(nb(total.textContent!)).toContain('54,6 %');
    expect(document.querySelector('figure[aria-label="Ouvertures et clics par mois"]')).not.toBeNull();
  });

  it('no campaign in the period: « Aucune campagne envoyée sur la période » with a link to create one', async () => {
    renderPage(<CampaignsReportPage />, {
      route: '/dashboard/analytics/campaigns?from=2026-01-01&to=2026-03-31',
      session: 'owner',
      api: { 'GET /analytics/campaigns': empty },
    });
    expect(await screen.findByText('Aucune campagne envoyée sur la période')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Créer une campagne' })).toHaveAttribute('href', '/dashboard/crm/campaigns/add');
    expect(screen.queryByText('Campagnes envoyées')).toBeNull();
  });

  it('a collaborator without createCampaign reads the report without links to the campaign screens', async () => {
    renderPage(<CampaignsReportPage />, {
      route: '/dashboard/analytics/campaigns?from=2026-01-01&to=2026-03-31',
      session: iamWith({ campaignsAnalytics: true }),
      api: { 'GET /analytics/campaigns': answer },
    });
    expect(await screen.findByText('Millésime 2024')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Millésime 2024' })).toBeNull();
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
