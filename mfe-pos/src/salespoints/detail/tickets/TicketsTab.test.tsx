import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POS_MESSAGES, type PosTicket } from 'shared-kernel/contracts';
import { MESSAGES } from 'shared-kernel/validation';
import { captureDownloads, paginatedOf, renderPage, reply, type ApiHandlers, type ApiRequest } from 'shared-kernel/testing';
import { EURO, salesPoint, ticket } from '../../salespoints.fixtures';
import SalesPointDetailPage from '../SalesPointDetailPage';

const PATH = '/dashboard/salespoints/:id';
const CAVEAU = salesPoint({ id: 3, name: 'Caveau' });
const SALE = ticket({ id: 42, number: 42 });
const REFUND = ticket({
  id: 43,
  number: 43,
  kind: 'refund',
  refundOf: { id: 40, ref: 'CAVEAU-000040' },
  at: '2026-11-26T11:00:00Z',
  seller: 'Paul Sommelier',
  lines: [{ ...SALE.lines[1], quantity: -1, gross: -1200, totalTTC: -1200, totalHT: -1000, vat: -200 }],
  totalTTC: -1200,
  totalHT: -1000,
  totalVAT: -200,
  vat: [{ rate: 20, ttc: -1200, ht: -1000, vat: -200 }],
  payments: [{ method: 'cash', amount: -1200 }],
  cashGiven: null,
  change: 0,
  refunded: [0],
  offline: { number: 'HL-3-0001', at: '2026-11-26T10:58:00Z' },
});
const REFUNDED = ticket({ id: 40, number: 40, at: '2026-11-25T16:00:00Z', refunded: [0, 1], client: { id: 7, name: 'Cave Dupont' } });

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

function open(route: string, tickets: PosTicket[], handlers: ApiHandlers = {}) {
  return renderPage(<SalesPointDetailPage routePath={PATH} />, {
    route,
    path: PATH,
    api: {
      'GET /pos/salespoints/3': CAVEAU,
      'GET /pos/salespoints/3/tickets': (req: ApiRequest) => paginatedOf(tickets, req.query),
      ...handlers,
    },
  });
}

beforeEach(() => {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    window.dispatchEvent(new Event('resize'));
  });
});

describe('Tickets tab', () => {
  it('lists the tickets: ref with the offline tag, time, seller, kind with the refunded ticket, total, methods', async () => {
    const page = open('/dashboard/salespoints/3', [REFUND, SALE]);
    const rows = await screen.findAllByTestId('resource-row');
    expect(page.api.callsTo('GET /pos/salespoints/3/tickets')[0].query).toEqual({ page: '1', pageSize: '20', sort: '-number' });
    expect(rows.map(cells)).toEqual([
      ['CAVEAU-000043hors ligne', '26/11/2026 12:00', 'Paul Sommelier', 'Remboursement de CAVEAU-000040', EURO('-12,00 €'), 'Espèces'],
      ['CAVEAU-000042', '26/11/2026 11:30', 'Marie Caviste', 'Vente', EURO('76,80 €'), 'Carte bancaire, Espèces'],
    ]);
    expect(screen.getByText('2 tickets')).toBeInTheDocument();
  });

  it('filters on the period of the URL and says when it has no ticket', async () => {
    const page = open('/dashboard/salespoints/3?from=2026-11-01&to=2026-11-15', []);
    expect(await screen.findByText('Aucun ticket sur cette période')).toBeInTheDocument();
    expect(page.api.callsTo('GET /pos/salespoints/3/tickets')[0].query).toEqual({
      page: '1',
      pageSize: '20',
      sort: '-number',
      from: '2026-11-01',
      to: '2026-11-15',
    });
    expect(screen.getByLabelText('Du')).toHaveValue('01/11/2026');
    expect(screen.getByLabelText('Au')).toHaveValue('15/11/2026');
  });

  it('opens a ticket like its receipt, downloads its PDF and opens the ticket a refund refunds', async () => {
    const downloads = captureDownloads();
    try {
      const page = open('/dashboard/salespoints/3', [REFUND, SALE], { 'GET /pos/tickets/40': REFUNDED });
      const rows = await screen.findAllByTestId('resource-row');
      await userEvent.click(within(rows[1]).getByText('Marie Caviste'));
      const receipt = await screen.findByTestId('receipt');
      expect(page.location().search).toBe('?ticket=42');
      expect(screen.getByText('Ticket CAVEAU-000042')).toBeInTheDocument();
      const r = within(receipt);
      expect(r.getByText(/Domaine des Lys/)).toBeInTheDocument();
      expect(r.getByText('Merci de votre visite')).toBeInTheDocument();
      const lines = r.getAllByTestId('receipt-line');
      expect(lines.map((l) => l.textContent)).toEqual([
        `Beaune 1er cru 2022 · 75 cl${EURO('64,80 €')}2 × ${EURO('36,00 €')} · 20 %Remise ${EURO('-7,20 €')}`,
        `Tire-bouchon${EURO('12,00 €')}1 × ${EURO('12,00 €')} · 20 %`,
      ]);
      expect(r.getByTestId('receipt-total').textContent).toBe(`Total TTC${EURO('76,80 €')}`);
      expect(r.getAllByTestId('receipt-vat').map(cells)).toEqual([['20 %', EURO('64,00 €'), EURO('12,80 €'), EURO('76,80 €')]]);
      expect(r.getAllByTestId('receipt-payment').map((p) => p.textContent)).toEqual([
        `Carte bancaire${EURO('50,00 €')}`,
        `Espèces${EURO('26,80 €')}`,
      ]);
      expect(r.getByTestId('receipt-cash-given').textContent).toBe(`Espèces remises${EURO('30,00 €')}`);
      expect(r.getByTestId('receipt-change').textContent).toBe(`Rendu${EURO('3,20 €')}`);
      expect(r.queryByTestId('receipt-discount')).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: /Ticket PDF/ }));
      await waitFor(() =>
        expect(downloads.saved).toEqual([{ url: '/v1/pos/tickets/42/receipt.pdf', filename: 'ticket-CAVEAU-000042.pdf' }]),
      );

      // the refund: offline number, and a link to the ticket it refunds (not on this page: asked to the api)
      await page.navigate('/dashboard/salespoints/3?ticket=43');
      expect(await screen.findByText('Ticket CAVEAU-000043')).toBeInTheDocument();
      expect(screen.getByText('Saisi hors ligne (n° provisoire HL-3-0001, le 26/11/2026 11:58)')).toBeInTheDocument();
      await userEvent.click(within(screen.getByTestId('receipt')).getByRole('link', { name: 'CAVEAU-000040' }));
      expect(await screen.findByText('Ticket CAVEAU-000040')).toBeInTheDocument();
      expect(within(screen.getByTestId('receipt')).getByText('Cave Dupont')).toBeInTheDocument();
      expect(within(screen.getByTestId('receipt')).getByText('dont 1 article remboursé')).toBeInTheDocument();
      expect(page.api.callsTo('GET /pos/tickets/:id').map((c) => c.path)).toEqual(['/pos/tickets/40']);
    } finally {
      downloads.restore();
    }
  });

  it('sends a ticket by e-mail: the address is checked, an api error on it lands under the field, then the snackbar', async () => {
    let attempt = 0;
    const page = open('/dashboard/salespoints/3?ticket=42', [SALE], {
      'POST /pos/tickets/42/send': () =>
        ++attempt === 1 ? reply(400, { success: false, message: POS_MESSAGES.email, field: 'email' }) : { success: true },
    });
    await screen.findByTestId('receipt');
    await userEvent.click(screen.getByRole('button', { name: /Envoyer par e-mail/ }));
    const form = await screen.findByRole('form', { name: 'Envoyer le ticket CAVEAU-000042' });
    const f = within(form);
    await userEvent.click(f.getByLabelText(/^Adresse e-mail/));
    await userEvent.paste('client@');
    await userEvent.click(f.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(f.getByLabelText(/^Adresse e-mail/)).toHaveAccessibleDescription(MESSAGES.email));
    expect(page.api.callsTo('POST /pos/tickets/:id/send')).toHaveLength(0);

    await userEvent.click(f.getByLabelText(/^Adresse e-mail/));
    await userEvent.paste('exemple.fr');
    await userEvent.click(f.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(f.getByLabelText(/^Adresse e-mail/)).toHaveAccessibleDescription(POS_MESSAGES.email));
    await userEvent.click(f.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: POS_MESSAGES.sent('client@exemple.fr'), error: false }]));
    expect(page.api.callsTo('POST /pos/tickets/:id/send').map((c) => c.body)).toEqual([
      { email: 'client@exemple.fr' },
      { email: 'client@exemple.fr' },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Envoyer le ticket CAVEAU-000042' })).toBeNull());
  });

  it('says when the ticket of the URL does not exist', async () => {
    open('/dashboard/salespoints/3?ticket=77', [SALE], {
      'GET /pos/tickets/77': reply(404, { success: false, message: POS_MESSAGES.ticketNotFound }),
    });
    expect(await screen.findByText('Ce ticket est introuvable')).toBeInTheDocument();
  });
});
