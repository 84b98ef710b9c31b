import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALES_MESSAGES as M } from 'shared-kernel/contracts';
import { type ApiRequest, dialogTitled, iamWith, paginatedOf, renderPage } from 'shared-kernel/testing';
import { EURO } from '../../orders/orders.fixtures';
import { localToday } from '../../payments/form/payment.schema';
import { invoiceDetail, invoiceSummary, salesPayment } from '../../sales.fixtures';
import { InvoiceDrawer } from './InvoiceDrawer';

const INVOICE = invoiceDetail({
  id: 9,
  paid: 2000,
  remaining: 10000,
  paymentStatus: 'partial',
  payments: [{ paymentId: 3, paidAt: '2026-03-05', method: 'cheque', amount: 2000, reference: 'CHQ 12' }],
});

function open(more: Record<string, unknown> = {}) {
  return renderPage(<InvoiceDrawer id={9} onClose={() => undefined} />, {
    route: '/dashboard/orders/bills',
    api: { 'GET /sales/invoices/:id': INVOICE, ...more },
  });
}

describe('invoice drawer', () => {
  it('shows the lines, the VAT, the totals and the payments; sends the invoice by mail', async () => {
    const page = open({ 'POST /sales/invoices/:id/send': { message: M.invoiceSent } });
    const detail = await screen.findByTestId('invoice-detail');
    expect(screen.getByText('Facture F2026-00009')).toBeInTheDocument();
    expect(within(detail).getAllByTestId('invoice-line')).toHaveLength(2);
    expect(within(detail).getByTestId('invoice-vat-20').textContent).toBe(EURO('20,00 €'));
    expect(within(detail).getByTestId('invoice-total-ttc').textContent).toBe(EURO('120,00 €'));
    expect(within(detail).getByTestId('invoice-remaining').textContent).toBe(EURO('100,00 €'));
    expect(within(detail).getByTestId('invoice-payment')).toHaveTextContent('05/03/2026 · Chèque · CHQ 12');

    await userEvent.click(within(detail).getByRole('button', { name: 'Envoyer par mail' }));
    const confirm = await dialogTitled('Envoyer la facture par mail ?');
    expect(confirm).toHaveTextContent('contact@cave-dupont.test');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Envoyer par mail' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: M.invoiceSent, error: false }]));
    expect(page.api.callsTo('POST /sales/invoices/:id/send')[0]).toMatchObject({ path: '/sales/invoices/9/send', body: {} });
  });

  it('issues a credit note on chosen lines and quantities', async () => {
    const page = open({
      'POST /sales/invoices/:id/credit-notes': [201, invoiceDetail({ id: 30, kind: 'credit', number: 'AV2026-00001' })],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Émettre un avoir' }));
    const dialog = await dialogTitled('Avoir sur la facture F2026-00009');
    await userEvent.click(within(dialog).getByText('Certaines lignes'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Émettre l’avoir' }));
    expect(await within(dialog).findByText(M.creditNothing)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Rosé d’été/ }));
    // the input is rendered anew when its error shows: read it each time
    const quantity = () => within(dialog).getByLabelText('Quantité à créditer — Rosé d’été');
    await userEvent.clear(quantity());
    await userEvent.type(quantity(), '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Émettre l’avoir' }));
    await waitFor(() => expect(quantity()).toHaveAccessibleDescription(`sur 8 ${M.creditQuantity(8)}`));

    await userEvent.clear(quantity());
    await userEvent.type(quantity(), '3');
    await userEvent.type(within(dialog).getByLabelText('Motif'), 'Casse au transport');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Émettre l’avoir' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: M.creditIssued('AV2026-00001'), error: false }]));
    expect(page.api.callsTo('POST /sales/invoices/:id/credit-notes')[0]).toMatchObject({
      path: '/sales/invoices/9/credit-notes',
      body: { lines: [{ index: 1, quantity: 3 }], reason: 'Casse au transport', settlement: 'credit' },
    });
    expect(Object.keys(page.api.callsTo('POST /sales/invoices/:id/credit-notes')[0].body as object)).not.toContain('refundMethod');
  });

  it('an overdue invoice: its last reminder, and "Relancer" posts the reminder and shows the message', async () => {
    const page = renderPage(<InvoiceDrawer id={9} onClose={() => undefined} />, {
      route: '/dashboard/payments/unpaids',
      api: {
        'GET /sales/invoices/:id': invoiceDetail({ id: 9, overdueDays: 12, lastReminderAt: '2026-04-08T07:00:00', reminderLevel: 1 }),
        'POST /sales/invoices/:id/remind': { success: true, message: M.reminderSent(2), level: 2 },
      },
    });
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getByText('Relance 1 le 08/04/2026')).toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'Relancer' }));
    await userEvent.click(
      within(await dialogTitled('Relancer le client pour la facture F2026-00009 ?')).getByRole('button', { name: 'Relancer' }),
    );
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: M.reminderSent(2), error: false }]));
    expect(page.api.callsTo('POST /sales/invoices/:id/remind')[0].path).toBe('/sales/invoices/9/remind');
  });

  it('« Enregistrer un règlement » opens the payment drawer with its client, this invoice and what it owes; the invoice then shows it', async () => {
    let invoice = INVOICE;
    const older = invoiceSummary({ id: 4, issuedAt: '2026-01-10', totalTTC: 5000, amountDue: 5000, remaining: 5000 });
    const page = renderPage(<InvoiceDrawer id={9} onClose={() => undefined} />, {
      route: '/dashboard/orders/bills',
      api: {
        'GET /sales/invoices/:id': () => invoice,
        'GET /crm/clients': (req: ApiRequest) =>
          paginatedOf([{ id: 5, name: 'Cave Dupont', code: 'C005', typology: 'Caviste' }], req.query),
        'GET /sales/invoices': (req: ApiRequest) =>
          paginatedOf(req.query.clientId === '5' ? [older, invoiceSummary({ id: 9, paid: 2000, remaining: 10000 })] : [], req.query),
        'POST /sales/payments': () => {
          invoice = {
            ...INVOICE,
            paid: 12000,
            remaining: 0,
            paymentStatus: 'paid',
            payments: [...INVOICE.payments, { paymentId: 4, paidAt: localToday(), method: 'transfer', amount: 10000, reference: 'VIR 9' }],
          };
          return [201, salesPayment({ id: 4, amount: 10000 })];
        },
      },
    });
    const detail = await screen.findByTestId('invoice-detail');
    await userEvent.click(within(detail).getByRole('button', { name: 'Enregistrer un règlement' }));

    const amount = await screen.findByLabelText(/^Montant\s*\*?$/);
    expect(amount).toHaveValue('100,00');
    expect(screen.getByRole('combobox', { name: /^Client/ }).closest('.ant-select')).toHaveTextContent('Cave Dupont');
    const allocation = (n: string) => within(screen.getByRole('group', { name: n })).getByLabelText(`Montant affecté à ${n}`);
    // all of it on this invoice, not on the client's older one
    await waitFor(() => expect(allocation('F2026-00009')).toHaveValue('100,00'));
    expect(allocation('F2026-00004')).toHaveValue('');

    await userEvent.click(screen.getByRole('combobox', { name: /^Mode de règlement/ }));
    await userEvent.click(await screen.findByTitle('Virement'));
    await userEvent.type(screen.getByLabelText(/^Référence/), 'VIR 9');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le règlement' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: M.paymentRecorded, error: false }]));
    expect(page.api.callsTo('POST /sales/payments')[0].body).toMatchObject({
      clientId: 5,
      direction: 'in',
      method: 'transfer',
      amount: 10000,
      reference: 'VIR 9',
      allocations: [{ invoiceId: 9, amount: 10000 }],
    });

    // the invoice is read again: the payment, nothing left, no button any more
    await waitFor(() => expect(within(detail).getAllByTestId('invoice-payment')).toHaveLength(2));
    expect(within(detail).getAllByTestId('invoice-payment')[1]).toHaveTextContent('Virement · VIR 9');
    expect(within(detail).getByTestId('invoice-remaining').textContent).toBe(EURO('0,00 €'));
    expect(within(detail).queryByRole('button', { name: 'Enregistrer un règlement' })).not.toBeInTheDocument();
  });

  it('no « Enregistrer un règlement » on a credit note, an invoice without a client file, nor for who may not record payments', async () => {
    const none = async () => {
      await screen.findByTestId('invoice-detail');
      expect(screen.queryByRole('button', { name: 'Enregistrer un règlement' })).not.toBeInTheDocument();
    };
    let page = renderPage(<InvoiceDrawer id={9} onClose={() => undefined} />, {
      session: iamWith({ seeAllOrder: true }),
      api: { 'GET /sales/invoices/:id': INVOICE },
    });
    await none();
    page.unmount();
    page = renderPage(<InvoiceDrawer id={9} onClose={() => undefined} />, {
      api: { 'GET /sales/invoices/:id': { ...INVOICE, client: { id: null, name: 'Béatrice Acheteuse' } } },
    });
    await none();
    page.unmount();
    renderPage(<InvoiceDrawer id={30} onClose={() => undefined} />, {
      api: { 'GET /sales/invoices/:id': invoiceDetail({ id: 30, kind: 'credit', number: 'AV2026-00001', remaining: 0 }) },
    });
    await none();
  });

  it('no follow-up on an invoice not yet due', async () => {
    open();
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).queryByRole('button', { name: 'Relancer' })).not.toBeInTheDocument();
    expect(within(detail).queryByText('Dernière relance')).not.toBeInTheDocument();
  });
});
