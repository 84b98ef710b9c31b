import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupplierInvoiceDetail } from 'shared-kernel/contracts';
import { renderPage } from 'shared-kernel/testing';
import SupplierInvoiceDetailPage from './SupplierInvoiceDetailPage';

const invoice: SupplierInvoiceDetail = {
  id: 41,
  number: 'TC-2026-0001',
  typeCode: '380',
  supplierId: 3,
  supplierName: 'Tonnellerie des Coteaux',
  issueDate: '2026-03-02',
  dueDate: '2026-04-01',
  currency: 'EUR',
  totalHTCents: 148_500,
  totalVATCents: 28_450,
  totalTTCCents: 176_950,
  amountDueCents: 176_950,
  paidAmountCents: 50_000,
  paidAt: null,
  paymentStatus: 'toPay',
  syntax: 'factur-x',
  receivedVia: 'upload',
  receivedAt: '2026-03-03T09:00:00.000Z',
  findingsCount: 1,
  seller: {
    name: 'Tonnellerie des Coteaux',
    siren: '552100554',
    vatNumber: 'FR96552100554',
    email: 'factures@tonnellerie.test',
    address: { line1: '2 rue des Tonneliers', line2: null, zip: '21200', city: 'Beaune', country: 'FR' },
  },
  lines: [
    {
      label: 'Barrique chêne français 225 L',
      quantity: 2,
      unitPriceCents: 68_000,
      totalHTCents: 136_000,
      vatCategory: 'S',
      vatRate: 20,
      purchaseOrderLineId: 7,
      formatId: null,
    },
  ],
  vat: [{ category: 'S', rate: 20, baseHTCents: 136_000, vatCents: 27_200 }],
  findings: [{ rule: 'BR-S-09', message: 'BR-S-09 : la TVA de la catégorie S à 20 % (BT-117) 272,01 € diffère de 0,01 €.' }],
  purchaseOrderId: 5,
  purchaseOrderNumber: 'BC2026-00005',
  fileName: 'TC-2026-0001.pdf',
  fileMime: 'application/pdf',
};

describe('supplier invoice detail (/dashboard/purchases/invoices/:id)', () => {
  it('shows seller, lines, VAT, findings and the matched order, and records the payment of what remains', async () => {
    const page = renderPage(<SupplierInvoiceDetailPage />, {
      route: '/dashboard/purchases/invoices/41',
      path: '/dashboard/purchases/invoices/:id',
      session: 'owner',
      api: {
        'GET /supplier-invoices/41': invoice,
        'POST /supplier-invoices/41/payments': {
          ...invoice,
          paidAmountCents: 176_950,
          paidAt: '2026-03-20',
          paymentStatus: 'paid',
          message: 'Paiement enregistré',
        },
      },
    });
    expect(await screen.findByText('552100554')).toBeInTheDocument();
    expect(screen.getByText('Barrique chêne français 225 L')).toBeInTheDocument();
    expect(screen.getByText('Rapprochée')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'BC2026-00005' })).toHaveAttribute('href', '/dashboard/purchases/5');
    expect(screen.getByText(/^BR-S-09 : la TVA/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer un paiement' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/1\s269,50\s€/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(page.calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(page.calls.find((c) => c.method === 'POST')!.body).toEqual({
      amountCents: 126_950,
      paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });
});
