import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALES_MESSAGES as M } from 'shared-kernel/contracts';
import { renderPage } from 'shared-kernel/testing';
import { EURO } from '../../orders/orders.fixtures';
import { dialogTitled } from '../../test-utils';
import { invoiceDetail } from '../../sales.fixtures';
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

  it('no follow-up on an invoice not yet due', async () => {
    open();
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).queryByRole('button', { name: 'Relancer' })).not.toBeInTheDocument();
    expect(within(detail).queryByText('Dernière relance')).not.toBeInTheDocument();
  });
});
