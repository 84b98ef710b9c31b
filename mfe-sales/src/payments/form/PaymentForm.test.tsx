import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALES_MESSAGES as M } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { paginatedOf, renderPage, type ApiRequest } from 'shared-kernel/testing';
import { EURO } from '../../orders/orders.fixtures';
import { invoiceSummary, salesPayment } from '../../sales.fixtures';
import { localToday } from './payment.schema';
import { PaymentForm } from './PaymentForm';

const clients = [{ id: 5, name: 'Cave Dupont', code: 'C005', typology: 'Caviste' }];
const open = [
  invoiceSummary({ id: 1, issuedAt: '2026-01-10', totalTTC: 30000, amountDue: 30000, remaining: 30000 }),
  invoiceSummary({ id: 2, issuedAt: '2026-02-10', totalTTC: 50000, amountDue: 50000, remaining: 50000 }),
];

async function pick(combobox: RegExp, title: string) {
  await userEvent.click(screen.getByRole('combobox', { name: combobox }));
  await userEvent.click(await screen.findByTitle(title));
}
const allocation = (n: string) => within(screen.getByRole('group', { name: n })).getByLabelText(`Montant affecté à ${n}`);

describe('payment drawer', () => {
  it("allocates the payment to the client's open invoices, oldest first, and shows the rest as the client's credit", async () => {
    const onDone = jest.fn();
    const page = renderPage(<PaymentForm onDone={onDone} />, {
      route: '/dashboard/payments',
      api: {
        'GET /crm/clients': (req: ApiRequest) => paginatedOf(clients, req.query),
        'GET /sales/invoices': (req: ApiRequest) => paginatedOf(req.query.clientId === '5' ? open : [], req.query),
        'POST /sales/payments': [201, salesPayment({ id: 9 })],
      },
    });
    await pick(/^Client/, 'Cave Dupont');
    await pick(/^Mode de règlement/, 'Chèque');
    await userEvent.type(screen.getByLabelText(/^Montant\s*\*?$/), '1000');
    await waitFor(() => expect(allocation('F2026-00002')).toHaveValue('500,00'));
    expect(allocation('F2026-00001')).toHaveValue('300,00');
    expect(screen.getByTestId('payment-unallocated').textContent).toBe(EURO('200,00 €'));
    expect(page.api.callsTo('GET /sales/invoices')[0].query).toEqual({
      page: '1',
      pageSize: '100',
      sort: 'issuedAt',
      clientId: '5',
      open: 'true',
    });

    // more than an invoice still owes is refused
    await userEvent.clear(allocation('F2026-00001'));
    await userEvent.type(allocation('F2026-00001'), '350');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le règlement' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'F2026-00001' }).textContent).toContain(M.paymentTooLarge(formatCents(30000))),
    );
    expect(page.api.callsTo('POST /sales/payments')).toHaveLength(0);

    await userEvent.clear(allocation('F2026-00001'));
    await userEvent.type(allocation('F2026-00001'), '300');
    await userEvent.clear(allocation('F2026-00002'));
    await userEvent.type(allocation('F2026-00002'), '400');
    await waitFor(() => expect(screen.getByTestId('payment-unallocated').textContent).toBe(EURO('300,00 €')));
    await userEvent.type(screen.getByLabelText(/^Référence/), 'CHQ 123');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le règlement' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(page.api.callsTo('POST /sales/payments')[0].body).toEqual({
      clientId: 5,
      direction: 'in',
      method: 'cheque',
      amount: 100000,
      paidAt: localToday(),
      reference: 'CHQ 123',
      note: null,
      allocations: [
        { invoiceId: 1, amount: 30000 },
        { invoiceId: 2, amount: 40000 },
      ],
    });
    expect(page.snackbars()).toEqual([{ text: M.paymentRecorded, error: false }]);
  });
});
