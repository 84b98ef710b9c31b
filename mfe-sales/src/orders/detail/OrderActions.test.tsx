import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALES_MESSAGES as M, type OrderDetail } from 'shared-kernel/contracts';
import { paginatedOf, renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import { salesOrder } from '../../sales.fixtures';
import OrderDetailPage from './OrderDetailPage';

function openDetail(
  order: OrderDetail | (() => OrderDetail),
  more: Record<string, unknown> = {},
  session: 'owner' | 'iam' | 'agent' = 'owner',
) {
  return renderPage(<OrderDetailPage />, {
    path: '/dashboard/orders/:id',
    route: '/dashboard/orders/42',
    session,
    api: { 'GET /orders/:id': order, ...more },
  });
}

const actionBar = () => screen.findByRole('group', { name: 'Actions sur la commande' });
const buttons = (el: HTMLElement) =>
  within(el)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('order detail, back-office block', () => {
  it('shows the commercial file, the history, the invoices, and only the actions the api and the rights allow', async () => {
    const order = salesOrder({
      allowedActions: ['invoice', 'cancel', 'ship'],
      history: [
        { at: '2026-03-21T15:00:00', user: 'Olivier Propriétaire', action: 'validate', from: 'pending', to: 'validated', note: null },
      ],
      invoices: [{ id: 7, number: 'F2026-00001', kind: 'deposit', totalTTC: 37000, issuedAt: '2026-03-22' }],
    });
    const page = openDetail(order);
    // the demo shop has the UPS module on and the owner ships orders: the order can be booked with UPS
    expect(buttons(await actionBar())).toEqual(['Expédier avec UPS', 'Facturer', 'Annuler', 'Expédier', 'Acompte']);
    const file = screen.getByTestId('sales-file');
    expect(within(file).getByRole('link', { name: 'Cave Dupont (C005)' })).toHaveAttribute('href', '/dashboard/clients/5');
    expect(file).toHaveTextContent('Chai');
    expect(file).toHaveTextContent('30 jours');
    expect(screen.getByTestId('history-entry')).toHaveTextContent(
      'Valider · En attente → Validée21/03/2026 15:00 · par Olivier Propriétaire',
    );
    expect(screen.getByTestId('order-invoice')).toHaveTextContent("F2026-00001 · Facture d'acompte · 22/03/2026");
    expect(screen.getByRole('region', { name: 'Notes' })).toHaveTextContent('Livrer avant 10 h');
    page.unmount();

    // an iam without billOrder nor manageDelivery: cancel only
    const iamPage = openDetail(order, {}, 'iam');
    expect(buttons(await actionBar())).toEqual(['Annuler']);
    iamPage.unmount();

    // on an invoiced order cancelling issues a credit note: not offered to that iam, whatever the api lists
    openDetail(salesOrder({ allowedActions: ['cancel', 'ship'] }, { status: 'invoiced' }), {}, 'iam');
    expect(await screen.findByTestId('sales-file')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Actions sur la commande' })?.querySelectorAll('button') ?? []).toHaveLength(0);
  });

  it('invoicing asks to confirm, posts the action and shows the api message, then refetches the order', async () => {
    let invoiced = false;
    const page = openDetail(
      () => salesOrder({ allowedActions: invoiced ? ['cancel'] : ['invoice', 'cancel'] }, invoiced ? { status: 'invoiced' } : {}),
      {
        'POST /sales/orders/:id/actions/:action': () => {
          invoiced = true;
          return { success: true, message: 'Facture F2026-00002 émise', document: null };
        },
      },
    );
    await userEvent.click(within(await actionBar()).getByRole('button', { name: 'Facturer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Facturer la commande ?' });
    expect(dialog).toHaveTextContent('La facture émise ne pourra plus être modifiée.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Facturer' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Facture F2026-00002 émise', error: false }]));
    const post = page.api.callsTo('POST /sales/orders/:id/actions/:action');
    expect(post.map((c) => [c.path, c.body])).toEqual([['/sales/orders/42/actions/invoice', {}]]);
    await waitFor(() => expect(within(screen.getAllByTestId('order-status')[0]).getByText('Facturée')).toBeInTheDocument());
    expect(within(await actionBar()).queryByRole('button', { name: 'Facturer' })).not.toBeInTheDocument();
  });

  it('a move the state machine refuses (409) shows its message as an error', async () => {
    const message = 'Action « Valider » impossible : la commande est « Annulée »';
    const page = openDetail(salesOrder({ allowedActions: ['validate'] }, { status: 'pending' }), {
      'POST /sales/orders/:id/actions/:action': reply(409, { success: false, message }),
    });
    await userEvent.click(within(await actionBar()).getByRole('button', { name: 'Valider' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Valider la commande ?' })).getByRole('button', { name: 'Valider' }),
    );
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: message, error: true }]));
    await waitFor(() => expect(page.api.callsTo('GET /orders/:id')).toHaveLength(2));
  });

  it('invoicing a professional client without a valid SIREN shows why the api refuses it, naming the field', async () => {
    const page = openDetail(salesOrder({ allowedActions: ['invoice', 'cancel'] }), {
      'POST /sales/orders/:id/actions/:action': reply(422, { success: false, message: M.buyerSirenRequired, field: 'siret' }),
    });
    await userEvent.click(within(await actionBar()).getByRole('button', { name: 'Facturer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Facturer la commande ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Facturer' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: M.buyerSirenRequired, error: true }]));
    expect(M.buyerSirenRequired).toMatch(/^Le SIREN du client est obligatoire sur une facture entre professionnels/);
  });

  it('cancelling an invoiced order warns about the credit note and sends the reason', async () => {
    const page = openDetail(salesOrder({ allowedActions: ['cancel'] }, { status: 'invoiced' }), {
      'POST /sales/orders/:id/actions/:action': { success: true, message: 'Commande annulée', document: null },
    });
    await userEvent.click(within(await actionBar()).getByRole('button', { name: 'Annuler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la commande ?' });
    expect(dialog).toHaveTextContent('un avoir sera émis');
    await userEvent.type(within(dialog).getByLabelText('Motif (facultatif)'), 'Client parti');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(page.api.callsTo('POST /sales/orders/:id/actions/:action')).toHaveLength(1));
    expect(page.api.callsTo('POST /sales/orders/:id/actions/:action')[0]).toMatchObject({
      path: '/sales/orders/42/actions/cancel',
      body: { reason: 'Client parti' },
    });
  });

  it("'Acompte' issues a deposit invoice of an amount in cents", async () => {
    const page = openDetail(salesOrder({ allowedActions: [] }), {
      'POST /sales/orders/:id/deposits': [201, { id: 8, number: 'FA2026-00003' }],
    });
    await userEvent.click(within(await actionBar()).getByRole('button', { name: 'Acompte' }));
    const dialog = await screen.findByRole('dialog', { name: "Facture d'acompte" });
    await userEvent.click(within(dialog).getByText('Montant TTC'));
    const value = within(dialog).getByLabelText(/^Acompte/);
    await userEvent.clear(value);
    await userEvent.type(value, '150,5');
    await userEvent.click(within(dialog).getByRole('button', { name: "Émettre la facture d'acompte" }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: "Facture d'acompte FA2026-00003 émise", error: false }]));
    expect(page.api.callsTo('POST /sales/orders/:id/deposits')[0].body).toEqual({ amount: 15050 });
  });

  it("'Modifier' re-opens a draft in the order form and saves it with PUT", async () => {
    const page = openDetail(salesOrder({ allowedActions: ['validate', 'cancel'] }, { status: 'draft' }), {
      'GET /crm/clients': (req: ApiRequest) => paginatedOf([], req.query),
      'GET /stock/format-options': [],
      'GET /stock/warehouses': (req: ApiRequest) => paginatedOf([{ id: 1, name: 'Chai' }], req.query),
      'POST /sales/orders/preview': reply(400, { success: false, message: 'Aperçu indisponible' }),
      'PUT /sales/orders/:id': () => salesOrder({}, { status: 'draft' }),
    });
    expect(buttons(await actionBar())).toEqual(['Modifier', 'Valider', 'Annuler', 'Acompte']);
    await userEvent.click(within(await actionBar()).getByRole('button', { name: 'Modifier' }));
    const form = await screen.findByRole('form', { name: 'Enregistrer les modifications' });
    expect(within(form).getAllByRole('group', { name: /^Ligne \d/ })).toHaveLength(2);
    expect(within(form).getByText('Cave Dupont')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(page.snackbars()).toContainEqual({ text: M.updated, error: false }));
    const put = page.api.callsTo('PUT /sales/orders/:id')[0];
    expect(put.path).toBe('/sales/orders/42');
    expect(put.body).toMatchObject({
      subType: 'order',
      clientId: 5,
      lines: [
        { formatId: 10, quantity: 12, unitPriceHT: null, discountPercent: 5 },
        { formatId: 10, quantity: 6, unitPriceHT: null, discountPercent: null },
      ],
      shipping: { priceHT: 990 },
      warehouseId: 1,
      paymentDelay: '30',
      notes: 'Livrer avant 10 h',
    });
  });

  it('a draft quote is mailed with its PDF and the link to answer online, not merely marked sent', async () => {
    const page = openDetail(
      salesOrder({ subType: 'quote', quoteNumber: 'D2026-00003', allowedActions: ['send', 'validate', 'cancel'] }, { status: 'draft' }),
      { 'POST /sales/orders/:id/quote/send': { success: true, message: 'Devis envoyé à cave@dupont.test' } },
    );
    const bar = await actionBar();
    expect(buttons(bar)).toEqual(['Modifier', 'Valider', 'Annuler', 'Envoyer le devis', 'Devis (PDF)']);
    await userEvent.click(within(bar).getByRole('button', { name: 'Envoyer le devis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer le devis D2026-00003' });
    await userEvent.type(within(dialog).getByLabelText('Mail du destinataire'), 'pas-un-mail');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Le mail est incorrect')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Mail du destinataire'));
    await userEvent.type(within(dialog).getByLabelText('Message (facultatif)'), 'Suite à votre visite');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Devis envoyé à cave@dupont.test', error: false }]));
    expect(page.api.callsTo('POST /sales/orders/:id/quote/send').map((c) => c.body)).toEqual([
      { email: null, message: 'Suite à votre visite' },
    ]);
  });

  it('the agent credited with an order gets the actions the api offers them, never invoicing nor a deposit', async () => {
    openDetail(salesOrder({ allowedActions: ['validate', 'cancel', 'invoice'] }, { status: 'pending' }), {}, 'agent');
    expect(buttons(await actionBar())).toEqual(['Modifier', 'Valider', 'Annuler']);
  });

  it('an agent sends their draft order to the shop (not to the client), which then validates it', async () => {
    const page = openDetail(
      salesOrder({ allowedActions: ['send', 'validate', 'cancel'] }, { status: 'draft' }),
      {
        'POST /sales/orders/:id/actions/:action': { success: true, message: 'Commande envoyée', document: null },
      },
      'agent',
    );
    await userEvent.click(within(await actionBar()).getByRole('button', { name: 'Envoyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer la commande à la boutique ?' });
    expect(dialog).toHaveTextContent('La commande passe « En attente » : la boutique la valide');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(page.api.callsTo('POST /sales/orders/:id/actions/:action').map((c) => c.path)).toEqual(['/sales/orders/42/actions/send']),
    );
  });

  it('a primeur order says where it is managed and offers only to cancel it', async () => {
    const message = 'Commande de primeurs de la campagne « Primeurs 2025 » : elle se livre et se facture depuis sa campagne';
    openDetail(salesOrder({ allowedActions: ['cancel'], managedElsewhere: message }, { status: 'draft' }));
    const bar = await actionBar();
    expect(bar).toHaveTextContent(message);
    expect(buttons(bar)).toEqual(['Annuler']);
  });

  it('cancelling a paid checkout order warns that it is refunded, and shows what the api gave back', async () => {
    const page = openDetail(salesOrder({ source: 'shop', allowedActions: ['invoice', 'cancel', 'ship'] }, { paymentStatus: 'paid' }), {
      'POST /sales/orders/:id/actions/:action': {
        success: true,
        message: 'Commande annulée — 123,00 € remboursés au client par le prestataire de paiement',
        document: null,
      },
    });
    await userEvent.click(within(await actionBar()).getByRole('button', { name: 'Annuler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la commande ?' });
    expect(dialog).toHaveTextContent('les paiements par carte seront remboursés au client');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() =>
      expect(page.snackbars()).toEqual([
        { text: 'Commande annulée — 123,00 € remboursés au client par le prestataire de paiement', error: false },
      ]),
    );
  });

  it('ships part of the order: the quantities of each article that leave now', async () => {
    const page = openDetail(
      salesOrder({
        allowedActions: ['invoice', 'cancel', 'ship'],
        shipping: [
          { lineId: 11, label: 'Mâcon-Villages 2023 · 75 cl', ordered: 12, shipped: 0 },
          { lineId: 12, label: 'Crémant · 75 cl', ordered: 6, shipped: 6 },
        ],
      }),
      { 'POST /sales/orders/:id/actions/:action': { success: true, message: 'Commande expédiée', document: null } },
    );
    await userEvent.click(within(await actionBar()).getByRole('button', { name: 'Expédier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Expédier la commande' });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Expédier une partie seulement' }));
    const qty = within(dialog).getByLabelText(/Mâcon-Villages 2023/);
    expect(qty).toHaveValue('12');
    expect(within(dialog).queryByLabelText(/Crémant/)).toBeNull();
    await userEvent.clear(qty);
    await userEvent.type(qty, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Expédier' }));
    await waitFor(() => expect(page.api.callsTo('POST /sales/orders/:id/actions/:action')).toHaveLength(1));
    expect(page.api.callsTo('POST /sales/orders/:id/actions/:action')[0].body).toEqual({
      carrier: null,
      trackingNumber: null,
      lines: [{ lineId: 11, quantity: 5 }],
    });
  });
});
