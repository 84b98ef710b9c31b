import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupplierInvoiceListItem } from 'shared-kernel/contracts';
import { paginatedOf, renderPage } from 'shared-kernel/testing';
import SupplierInvoicesListPage from './SupplierInvoicesListPage';

const row = (over: Partial<SupplierInvoiceListItem>): SupplierInvoiceListItem => ({
  id: 1,
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
  paidAmountCents: 0,
  paidAt: null,
  paymentStatus: 'toPay',
  syntax: 'cii',
  receivedVia: 'upload',
  receivedAt: '2026-03-03T09:00:00.000Z',
  findingsCount: 0,
  ...over,
});

const rows = [
  row({}),
  row({ id: 2, number: 'AV-12', typeCode: '381', supplierName: 'Bouchonnerie Lacoste', paymentStatus: 'overdue', totalTTCCents: 3_840 }),
  row({ id: 3, number: 'BL-77', supplierName: 'Bouchonnerie Lacoste', paymentStatus: 'paid', paidAt: '2026-03-20' }),
];

const api = {
  'GET /supplier-invoices': (req: { query: Record<string, string> }) =>
    paginatedOf(
      rows.filter((r) => !req.query.status || r.paymentStatus === req.query.status),
      req.query,
    ),
  'GET /supplier-invoices/inbox': { address: 'factures+1-0123456789abcdef@plateforme.test' },
  'GET /suppliers': { items: [{ id: 3, company: 'Tonnellerie des Coteaux' }], total: 1, page: 1, pageSize: 100 },
};

describe('supplier invoices list (/dashboard/purchases/invoices)', () => {
  it('shows number, supplier, dates, TTC and the payment state, with the shop inbox address', async () => {
    renderPage(<SupplierInvoicesListPage />, { route: '/dashboard/purchases/invoices?pageSize=10', session: 'owner', api });
    const link = await screen.findByRole('link', { name: 'TC-2026-0001' });
    expect(link).toHaveAttribute('href', '/dashboard/purchases/invoices/1');
    const first = link.closest('tr')!;
    expect(within(first).getByText('Tonnellerie des Coteaux')).toBeInTheDocument();
    expect(within(first).getByText('02/03/2026')).toBeInTheDocument();
    expect(within(first).getByText('01/04/2026')).toBeInTheDocument();
    expect(within(first).getByText(/1\s769,50\s€/)).toBeInTheDocument();
    expect(within(first).getByText('À payer')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'AV-12' }).closest('tr')!).getByText('En retard')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'AV-12' }).closest('tr')!).getByText('Avoir')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'BL-77' }).closest('tr')!).getByText('Payée')).toBeInTheDocument();
    expect(await screen.findByText('factures+1-0123456789abcdef@plateforme.test')).toBeInTheDocument();
  });

  it('reads the payment filter from the URL, sends it to the api, and opens the upload dialog', async () => {
    const page = renderPage(<SupplierInvoicesListPage />, { route: '/dashboard/purchases/invoices?status=overdue', session: 'owner', api });
    expect(await screen.findByRole('link', { name: 'AV-12' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'TC-2026-0001' })).not.toBeInTheDocument();
    expect(page.calls.filter((c) => c.route === 'GET /supplier-invoices').at(-1)!.query).toMatchObject({ status: 'overdue', page: '1' });
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir une facture' }));
    expect(await screen.findByText('Déposez ici vos factures ou cliquez pour les choisir')).toBeInTheDocument();
  });
});
