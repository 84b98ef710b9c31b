import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { iamWith, paginatedOf, renderPage, reply, type ApiRequest, type SessionOption } from 'shared-kernel/testing';
import { CAMPAIGN, CLIENTS } from '../futures.fixtures';
import CampaignDetailPage from './CampaignDetailPage';

const clients = [{ id: 5, name: 'Cave Dupont', code: 'C005', typology: 'professionnel', kind: 'professional' }];
const open = (extra: Record<string, unknown> = {}, session?: SessionOption) =>
  renderPage(<CampaignDetailPage />, {
    path: '/dashboard/futures/:id',
    route: '/dashboard/futures/3',
    session,
    api: {
      'GET /futures/campaigns/:id': CAMPAIGN,
      'GET /futures/campaigns/:id/clients': CLIENTS,
      'GET /crm/clients': (req: ApiRequest) => paginatedOf(clients, req.query),
      'GET /stock/format-options': [],
      ...extra,
    },
  });

describe('primeur campaign detail', () => {
  it('shows the terms, the offer per typology and, per client, ordered / invoiced / paid / to deliver', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Primeurs 2025 · 2025' })).toBeInTheDocument();
    const offer = screen.getByRole('region', { name: 'Offre' });
    expect(within(offer).getByText('Les Galets – 2025 – 75 cl').closest('tr')).toHaveTextContent(/18,00.*12,50.*12/);
    expect(within(offer).getByText('Clos du Bourg – 2025 – 75 cl').closest('tr')).toHaveTextContent(/—.*20,00/);
    const table = screen.getByRole('region', { name: 'Clients' });
    const row = (await within(table).findByText('Cave Dupont')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('18 bouteilles');
    expect(row).toHaveTextContent(/324,00.*97,20.*97,20.*18 bouteilles.*324,00/);
    const order = screen.getByTestId('futures-order-42');
    expect(order).toHaveTextContent('À livrer');
    expect(order).toHaveTextContent('Acompte F2026-00007');
    expect(within(order).getByRole('link', { name: 'C2026-00042' })).toHaveAttribute('href', '/dashboard/orders/42');
  });

  it('"Livrer" asks, then delivers through the api (final invoice) and refreshes', async () => {
    const page = open({
      'POST /futures/orders/:orderId/deliver': {
        orderId: 42,
        invoice: { id: 9, number: 'F2026-00009', totalTTC: 32400, amountDue: 22680 },
        message: 'Commande livrée, facture F2026-00009 émise (acompte déduit)',
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Livrer' }));
    const dialog = await screen.findByRole('dialog', { name: /Livrer la commande C2026-00042/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Livrer' }));
    await waitFor(() =>
      expect(page.snackbars()).toEqual([{ text: 'Commande livrée, facture F2026-00009 émise (acompte déduit)', error: false }]),
    );
    expect(page.api.callsTo('POST /futures/orders/:orderId/deliver')[0]).toMatchObject({ path: '/futures/orders/42/deliver', body: {} });
    await waitFor(() => expect(page.api.callsTo('GET /futures/campaigns/:id/clients').length).toBeGreaterThan(1));
  });

  it('"Nouvelle commande primeur": a client and quantities per offer line; the api error lands under its line', async () => {
    let answer: unknown = reply(400, {
      success: false,
      message: "Cet article n'a pas de prix pour la typologie « Particulier » du client",
      field: 'lines.0.lineId',
    });
    const page = open({ 'POST /futures/campaigns/:id/orders': () => answer });
    await userEvent.click(await screen.findByRole('button', { name: 'Nouvelle commande primeur' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle commande primeur' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer et facturer l’acompte' }));
    expect(await within(dialog).findByText('Choisissez un client')).toBeInTheDocument();
    expect(within(dialog).getByText('Commandez au moins une bouteille')).toBeInTheDocument();
    expect(page.api.callsTo('POST /futures/campaigns/:id/orders')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Client/ }));
    await userEvent.click(await screen.findByTitle('Cave Dupont'));
    await userEvent.type(within(dialog).getByLabelText(/Clos du Bourg/), '6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer et facturer l’acompte' }));
    expect(await within(dialog).findByText(/pas de prix pour la typologie/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Clos du Bourg/)).toHaveAttribute('aria-invalid', 'true');
    expect(page.api.callsTo('POST /futures/campaigns/:id/orders')[0]).toMatchObject({
      path: '/futures/campaigns/3/orders',
      body: { clientId: 5, lines: [{ lineId: 32, quantity: 6 }], notes: null },
    });

    answer = {
      orderId: 43,
      number: 'C2026-00043',
      totalTTC: 14400,
      deposit: { id: 8, number: 'F2026-00008', totalTTC: 4320 },
      message: "Commande C2026-00043 enregistrée, facture d'acompte F2026-00008 émise",
    };
    const again = await screen.findByRole('dialog', { name: 'Nouvelle commande primeur' });
    await userEvent.click(within(again).getByRole('button', { name: /Enregistrer et facturer/ }));
    await waitFor(() =>
      expect(page.snackbars()).toEqual([{ text: "Commande C2026-00043 enregistrée, facture d'acompte F2026-00008 émise", error: false }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouvelle commande primeur' })).not.toBeInTheDocument());
  });

  it('"Modifier" opens the form with the campaign: a price typed in euros is sent in cents, the line ids kept', async () => {
    const page = open({ 'PUT /futures/campaigns/:id': { ...CAMPAIGN, message: 'Campagne de primeurs mise à jour' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier' }));
    const drawer = await screen.findByRole('dialog', { name: 'Modifier la campagne' });
    const line2 = within(drawer).getByRole('group', { name: 'Article 2' });
    const price = within(line2).getByLabelText(/Prix HT Particulier/);
    await userEvent.type(price, '25,5');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enregistrer la campagne' }));
    await waitFor(() => expect(page.api.callsTo('PUT /futures/campaigns/:id')).toHaveLength(1));
    expect(page.api.callsTo('PUT /futures/campaigns/:id')[0].body).toEqual({
      name: 'Primeurs 2025',
      vintage: '2025',
      description: 'Livraison au printemps 2027',
      depositPercent: 30,
      deliveryFrom: '2027-03-01',
      deliveryTo: '2027-06-30',
      lines: [
        { id: 31, formatId: 11, prices: { particulier: 1800, professionnel: 1250 } },
        { id: 32, formatId: 12, prices: { particulier: 2550, professionnel: 2000 } },
      ],
    });
  });

  it('an iam who may only see has no action; another shop’s campaign is the one not-found page', async () => {
    open({}, iamWith({ seeFutureOrder: true }));
    await screen.findByRole('heading', { level: 1, name: 'Primeurs 2025 · 2025' });
    expect(screen.queryByRole('button', { name: 'Nouvelle commande primeur' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Livrer' })).not.toBeInTheDocument();
  });

  it('404 → not found page', async () => {
    open({ 'GET /futures/campaigns/:id': reply(404, { success: false, message: 'Campagne de primeurs introuvable' }) });
    expect(await screen.findByText("Cette page n'existe pas ou vous n'y avez pas accès.")).toBeInTheDocument();
  });
});
