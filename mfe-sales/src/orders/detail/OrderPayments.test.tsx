import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALES_MESSAGES as M, type OrderDetail } from 'shared-kernel/contracts';
import { iamWith, paginatedOf, renderPage, type ApiRequest, type SessionOption } from 'shared-kernel/testing';
import { localToday } from '../../payments/form/payment.schema';
import { invoiceSummary, salesOrder, salesPayment } from '../../sales.fixtures';
import { EURO } from '../orders.fixtures';
import OrderDetailPage from './OrderDetailPage';
import { prefillOf } from './OrderPayments';

const INVOICE = { id: 7, number: 'F2026-00007', kind: 'invoice' as const, totalTTC: 12000, issuedAt: '2026-03-02' };
const CHEQUE: OrderDetail['payments'][number] = {
  id: 31,
  orderId: 42,
  status: 'paid',
  method: 'cheque',
  amount: 3000,
  provider: 'offline',
  instructions: null,
  payerEmail: null,
  paidAt: '2026-03-05',
  source: 'backoffice',
  reference: 'CHQ 7781',
  allocations: [{ invoiceId: 7, number: 'F2026-00007', amount: 3000 }],
};

/** A back-office order of Cave Dupont, invoiced 120 € (F2026-00007), 30 € paid by cheque: 90 € still due. */
const partlyPaid = (over: Partial<OrderDetail> = {}) =>
  salesOrder(
    { invoices: [{ ...INVOICE, remaining: 9000 }] },
    { status: 'invoiced', paymentStatus: 'partial', totalTTC: 12000, payments: [CHEQUE], amountDue: 9000, ...over },
  );

function openDetail(order: OrderDetail | (() => OrderDetail), session: SessionOption = 'owner', more: Record<string, unknown> = {}) {
  return renderPage(<OrderDetailPage />, {
    path: '/dashboard/orders/:id',
    route: '/dashboard/orders/42',
    session,
    api: { 'GET /orders/:id': order, ...more },
  });
}

const paymentsRegion = () => screen.findByRole('region', { name: 'Paiements' });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('order detail, payments', () => {
  it('lists the payments recorded against its invoices with what is still due', async () => {
    openDetail(partlyPaid());
    const region = await paymentsRegion();
    const [row] = within(region).getAllByTestId('payment-row');
    expect(cells(row)).toEqual(['ChèqueCHQ 7781 · Facture F2026-00007', 'Payé', EURO('30,00 €'), '05/03/2026']);
    expect(within(region).getByTestId('order-amount-due').textContent).toBe(EURO('90,00 €'));
    expect(within(region).getByText('Reste dû')).toBeInTheDocument();
    expect(within(region).queryByText('Aucun paiement enregistré')).not.toBeInTheDocument();
  });

  it("« Enregistrer un règlement » opens the payment drawer with the order's client, its invoice and what is due; the order then shows it", async () => {
    let order = partlyPaid();
    const older = invoiceSummary({ id: 3, issuedAt: '2026-01-10', totalTTC: 5000, amountDue: 5000, remaining: 5000 });
    const mine = invoiceSummary({ id: 7, issuedAt: '2026-03-02', paid: 3000, remaining: 9000, paymentStatus: 'partial' });
    const page = openDetail(() => order, 'owner', {
      'GET /crm/clients': (req: ApiRequest) => paginatedOf([{ id: 5, name: 'Cave Dupont', code: 'C005', typology: 'Caviste' }], req.query),
      'GET /sales/invoices': (req: ApiRequest) => paginatedOf(req.query.clientId === '5' ? [older, mine] : [], req.query),
      'POST /sales/payments': () => {
        const transfer = { ...CHEQUE, id: 32, method: 'transfer', amount: 9000, paidAt: localToday(), reference: null };
        transfer.allocations = [{ invoiceId: 7, number: 'F2026-00007', amount: 9000 }];
        order = partlyPaid({ paymentStatus: 'paid', amountDue: 0, payments: [CHEQUE, transfer] });
        return [201, salesPayment({ id: 32, amount: 9000 })];
      },
    });
    const region = await paymentsRegion();
    await userEvent.click(within(region).getByRole('button', { name: 'Enregistrer un règlement' }));

    // prefilled: the client, what the order still owes, all of it on the order's invoice (not the client's older one)
    const amount = await screen.findByLabelText(/^Montant\s*\*?$/);
    expect(amount).toHaveValue('90,00');
    const client = screen.getByRole('combobox', { name: /^Client/ }).closest('.ant-select') as HTMLElement;
    expect(client).toHaveTextContent('Cave Dupont');
    const allocation = (n: string) => within(screen.getByRole('group', { name: n })).getByLabelText(`Montant affecté à ${n}`);
    await waitFor(() => expect(allocation('F2026-00007')).toHaveValue('90,00'));
    expect(allocation(older.number)).toHaveValue('');
    expect(screen.getByTestId('payment-unallocated').textContent).toBe(EURO('0,00 €'));

    await userEvent.click(screen.getByRole('combobox', { name: /^Mode de règlement/ }));
    await userEvent.click(await screen.findByTitle('Virement'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le règlement' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: M.paymentRecorded, error: false }]));
    expect(page.api.callsTo('POST /sales/payments')[0].body).toEqual({
      clientId: 5,
      direction: 'in',
      method: 'transfer',
      amount: 9000,
      paidAt: localToday(),
      reference: null,
      note: null,
      allocations: [{ invoiceId: 7, amount: 9000 }],
    });

    // the order is read again: the new payment, nothing left to pay, no button any more
    await waitFor(() => expect(within(region).getAllByTestId('payment-row')).toHaveLength(2));
    expect(cells(within(region).getAllByTestId('payment-row')[1]).slice(0, 3)).toEqual([
      'VirementFacture F2026-00007',
      'Payé',
      EURO('90,00 €'),
    ]);
    expect(within(region).getByTestId('order-amount-due').textContent).toBe(EURO('0,00 €'));
    expect(within(region).queryByRole('button', { name: 'Enregistrer un règlement' })).not.toBeInTheDocument();
  });

  it('is offered only to who may record payments, on an order with a client file that still owes something', async () => {
    // an iam who sees orders but not payments
    let page = openDetail(partlyPaid(), iamWith({ seeAllOrder: true, createOrder: true }));
    expect(await paymentsRegion()).toHaveTextContent('Reste dû');
    expect(screen.queryByRole('button', { name: 'Enregistrer un règlement' })).not.toBeInTheDocument();
    page.unmount();

    // an iam with seeAllPayment may
    page = openDetail(partlyPaid(), iamWith({ seeAllOrder: true, seeAllPayment: true }));
    expect(await within(await paymentsRegion()).findByRole('button', { name: 'Enregistrer un règlement' })).toBeInTheDocument();
    page.unmount();

    // nothing invoiced yet: no amount due, no button
    page = openDetail(salesOrder({}, { amountDue: null }));
    expect(await paymentsRegion()).toHaveTextContent('Aucun paiement enregistré');
    expect(screen.queryByText('Reste dû')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer un règlement' })).not.toBeInTheDocument();
  });

  it('starts a payment the buyer announced at checkout with its method and the reference they were given', () => {
    const awaited = (method: string, status: 'pending' | 'paid' = 'pending'): OrderDetail['payments'][number] => ({
      ...CHEQUE,
      id: 40,
      method,
      status,
      provider: 'offline',
      source: 'online',
      reference: null,
      allocations: [],
    });
    const base = partlyPaid({ payments: [] });
    // a cheque still awaited: « Chèque », with the order's number the buyer writes on its back
    expect(prefillOf({ ...base, payments: [awaited('check')] })).toMatchObject({ method: 'cheque', reference: base.number, amount: 9000 });
    expect(prefillOf({ ...base, payments: [awaited('transfer')] })).toMatchObject({ method: 'transfer', reference: base.number });
    // a card paid online, or a payment the shop recorded already, tells nothing about the next one
    const card = prefillOf({ ...base, payments: [awaited('stripe', 'paid')] })!;
    expect(card.method).toBeUndefined();
    expect(card.reference).toBeUndefined();
    expect(prefillOf(partlyPaid())!.method).toBeUndefined();
    // no client file: nothing to record against
    expect(prefillOf({ ...base, sales: { ...base.sales!, client: null } })).toBeNull();
  });
});
