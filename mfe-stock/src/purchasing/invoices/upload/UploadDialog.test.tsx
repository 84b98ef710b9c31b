import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import { UploadDialog } from './UploadDialog';

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const refusal = {
  success: false,
  field: 'file',
  message: 'Facture refusée : elle ne respecte pas la norme EN 16931 : BR-CO-15 : Le total TTC (BT-112) 1 770,50 € devrait valoir …',
  findings: [
    { rule: 'BR-CO-15', message: 'BR-CO-15 : Le total TTC (BT-112) 1 770,50 € devrait valoir le total HT + la TVA = 1 769,50 €.' },
    { rule: 'BR-CO-16', message: 'BR-CO-16 : Le montant à payer (BT-115) 1,00 € devrait valoir BT-112 − BT-113 + BT-114 = 1 770,50 €.' },
  ],
};

describe('supplier invoice upload dialog', () => {
  it('sends each dropped file with its name, links the received one, lists the rules a refused one breaks', async () => {
    const page = renderPage(<UploadDialog open onClose={() => undefined} />, {
      route: '/dashboard/purchases/invoices',
      session: 'owner',
      api: {
        'POST /supplier-invoices': (req) =>
          req.query.filename === 'bonne.pdf'
            ? [201, { id: 41, number: 'TC-2026-0001', message: 'Facture fournisseur reçue' }]
            : reply(422, refusal),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Recevoir des factures fournisseurs' });
    await userEvent.upload(fileInput(), [
      new File(['%PDF-1.7'], 'bonne.pdf', { type: 'application/pdf' }),
      new File(['<x/>'], 'fausse.xml', { type: 'text/xml' }),
    ]);

    const received = await within(dialog).findByText('bonne.pdf — Reçue (TC-2026-0001)');
    expect(received).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Ouvrir la facture' })).toHaveAttribute('href', '/dashboard/purchases/invoices/41');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('fausse.xml — Refusée');
    expect(within(alert).getByText(/^BR-CO-15 : Le total TTC/)).toBeInTheDocument();
    expect(within(alert).getByText(/^BR-CO-16 : Le montant à payer/)).toBeInTheDocument();

    const posts = page.calls.filter((c) => c.route === 'POST /supplier-invoices');
    expect(posts.map((c) => c.query.filename)).toEqual(['bonne.pdf', 'fausse.xml']);
    expect(posts[0].body).toBeInstanceOf(Blob);
    await waitFor(() => expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'));
  });

  it('refuses a file over 10 MB without sending it', async () => {
    const page = renderPage(<UploadDialog open onClose={() => undefined} />, {
      route: '/dashboard/purchases/invoices',
      session: 'owner',
      api: {},
    });
    const dialog = await screen.findByRole('dialog');
    const big = new File(['x'], 'enorme.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await userEvent.upload(fileInput(), big);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('enorme.pdf : le fichier dépasse la taille maximale de 10 Mo');
    expect(page.calls).toHaveLength(0);
  });
});
