import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paginatedOf, renderPage, reply, type ApiHandlers } from 'shared-kernel/testing';
import { formatCents } from 'shared-kernel/domain';
import type { PosTicket, SalesPoint } from 'shared-kernel/contracts';
import * as offline from '../offline';
import { CashRegisterRoot } from './CashRegisterRoot';
import { CLOSING, CREMANT, MACON, SALES_POINT, SESSION, fakeQueue, mockOffline, ticketFor } from './till.fixtures';

jest.mock('../offline', () => ({
  useCachedCatalog: jest.fn(),
  useTillQueue: jest.fn(),
  catalogKey: (id: number) => ['pos', 'salespoints', id, 'catalog', 'till'],
}));

const euros = (cents: number) => formatCents(cents).replace(/\s/g, ' ');

function renderTill(salesPoint: SalesPoint, api: ApiHandlers = {}) {
  return renderPage(<CashRegisterRoot salesPointId="3" />, {
    route: '/dashboard/salespoints/3/new-order',
    api: { 'GET /pos/salespoints/:id': salesPoint, ...api },
  });
}

async function dialogTitled(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(title);
  return dialog;
}

/** Sold: 3 Mâcon (1 already refunded), 1 Crémant, paid by card. */
const SOLD: PosTicket = {
  ...ticketFor({
    key: 'sold-1',
    lines: [
      { formatId: MACON.formatId, quantity: 3 },
      { formatId: CREMANT.formatId, quantity: 1 },
    ],
    payments: [{ method: 'card', amount: 5550 }],
  }),
  refunded: [1, 0],
};
const A_REFUND: PosTicket = { ...SOLD, id: 499, ref: 'CAVEAU-000041', kind: 'refund', refunded: [0, 0] };

describe('the till: opening, refunds, closing the day', () => {
  it('no open session: « Ouvrir la caisse » with the cash float in euros, sent in cents, then the till', async () => {
    mockOffline(offline);
    const page = renderTill({ ...SALES_POINT, session: null }, { 'POST /pos/salespoints/:id/sessions': [201, SESSION] });
    expect(await screen.findByRole('heading', { name: 'Ouvrir la caisse · Caveau de Pierreclos' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Fond de caisse (€)'), { target: { value: '150,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir la caisse' }));
    expect(await screen.findByRole('button', { name: /^Mâcon-Pierreclos 2023/ })).toBeInTheDocument();
    expect(page.api.callsTo('POST /pos/salespoints/:id/sessions')).toMatchObject([
      { path: '/pos/salespoints/3/sessions', body: { float: 15050 } },
    ]);
    expect(screen.getByText('Session ouverte par Marie Caveau le 26/11/2026 08:30')).toBeInTheDocument();
  });

  it('a salespoint of another shop or unknown: « Point de vente introuvable »', async () => {
    mockOffline(offline);
    renderTill(SALES_POINT, { 'GET /pos/salespoints/:id': reply(404, { success: false, message: 'Point de vente introuvable' }) });
    expect(await screen.findByText('Ce point de vente n’existe pas ou vous n’y avez pas accès.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retour aux points de vente' })).toBeInTheDocument();
  });

  it('refunds 2 of the 3 bottles of a ticket of the session, in cash, and shows the refund ticket', async () => {
    mockOffline(offline);
    const refund = ticketFor(
      { key: 'r', lines: [{ formatId: MACON.formatId, quantity: -2 }], payments: [{ method: 'cash', amount: -2900 }] },
      { id: 502, number: 43, ref: 'CAVEAU-000043', kind: 'refund', refundOf: { id: SOLD.id, ref: SOLD.ref } },
    );
    const page = renderTill(SALES_POINT, {
      'GET /pos/salespoints/:id/tickets': (req) => paginatedOf([SOLD, A_REFUND], req.query),
      'POST /pos/tickets/:id/refund': [201, refund],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rembourser' }));
    let dialog = await dialogTitled('Rembourser un ticket');
    const pick = await within(dialog).findByRole('button', { name: new RegExp(`^CAVEAU-000042 · ${formatCents(5550)}`) });
    expect(page.api.callsTo('GET /pos/salespoints/:id/tickets')[0].query).toEqual({ pageSize: '20', sessionId: '7' });
    expect(within(dialog).getByRole('button', { name: /^CAVEAU-000041 .* remboursement$/ })).toBeDisabled();
    fireEvent.click(pick);

    dialog = await dialogTitled('CAVEAU-000042');
    const more = within(dialog).getByRole('button', { name: `Quantité à rembourser de ${MACON.label} +1` });
    fireEvent.click(more);
    fireEvent.click(more);
    expect(more).toBeDisabled(); // 3 sold, 1 already refunded
    expect(within(dialog).getByLabelText(`Quantité à rembourser de ${MACON.label}`)).toHaveTextContent('2');
    expect(within(dialog).getByTestId('refund-total')).toHaveTextContent(euros(2900));
    const submit = within(dialog).getByRole('button', { name: `Rembourser ${formatCents(2900)}` });
    expect(submit).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Espèces' }));
    fireEvent.click(submit);

    expect(await screen.findByRole('heading', { name: 'Remboursement enregistré' })).toBeInTheDocument();
    expect(page.api.callsTo('POST /pos/tickets/:id/refund')).toMatchObject([
      {
        path: `/pos/tickets/${SOLD.id}/refund`,
        body: { key: expect.any(String), lines: [{ index: 0, quantity: 2 }], payments: [{ method: 'cash', amount: -2900 }], reason: null },
      },
    ]);
    expect(screen.getByText('Ticket CAVEAU-000043')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ticket de caisse' })).toHaveTextContent('Remboursement du ticket CAVEAU-000042');
  });

  it('closes the day with the amounts counted per method (cash first), shows the Z, then asks for a new float', async () => {
    mockOffline(offline);
    const page = renderTill(SALES_POINT, { 'POST /pos/sessions/:id/close': CLOSING });
    fireEvent.click(await screen.findByRole('button', { name: 'Clôturer la journée' }));
    const dialog = await dialogTitled('Clôturer la journée');
    const inputs = within(dialog).getAllByRole('spinbutton');
    expect(inputs.map((i) => i.id.replace(/^.*-/, ''))).toEqual(['cash', 'card', 'cheque']);
    fireEvent.change(within(dialog).getByLabelText('Compté en espèces (€)'), { target: { value: '185' } });
    fireEvent.change(within(dialog).getByLabelText('Compté en carte bancaire (€)'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clôturer' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Rapport Z Z-CAVEAU-0012' })).toBeInTheDocument();
    expect(page.api.callsTo('POST /pos/sessions/:id/close')).toMatchObject([
      { path: '/pos/sessions/7/close', body: { counted: { cash: 18500, card: 2000, cheque: 0 } } },
    ]);
    const z = screen.getByRole('article', { name: 'Rapport Z Z-CAVEAU-0012' });
    expect(z).toHaveTextContent('Journée du 26/11/2026');
    expect(within(z).getByTestId('z-total')).toHaveTextContent(euros(5550));
    expect(within(z).getByRole('row', { name: /^Espèces/ })).toHaveTextContent(
      `Espèces${euros(3550)}${euros(18550)}${euros(18500)}${euros(-50)}`,
    );
    expect(within(z).getByTestId('z-gap')).toHaveTextContent(euros(-50));
    expect(within(z).getByTestId('z-grand-total')).toHaveTextContent(euros(1_234_550));
    expect(screen.getByRole('button', { name: 'Rapport PDF' })).toBeInTheDocument();
    await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Journée clôturée : Z-CAVEAU-0012', error: false }));

    fireEvent.click(screen.getByRole('button', { name: 'Terminer' }));
    expect(await screen.findByRole('button', { name: 'Ouvrir la caisse' })).toBeInTheDocument();
  });

  it('does not close while offline tickets wait to be sent', async () => {
    mockOffline(offline, { queue: fakeQueue(async () => Promise.reject(new Error('unused')), { online: false, pending: 2 }) });
    renderTill(SALES_POINT);
    fireEvent.click(await screen.findByRole('button', { name: 'Clôturer la journée' }));
    const dialog = await dialogTitled('Clôturer la journée');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('2 ticket(s) en attente d’envoi');
    expect(within(dialog).getByRole('button', { name: 'Clôturer' })).toBeDisabled();
  });
});
