import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicQuote } from 'shared-kernel/contracts';
import { renderPage, reply } from 'shared-kernel/testing';
import { formatCents } from 'shared-kernel/domain';
import QuoteAnswerPage from './QuoteAnswerPage';

const quote = (over: Partial<PublicQuote> = {}): PublicQuote => ({
  number: 'D2026-00004',
  state: 'open',
  issuedAt: '2026-11-20T10:00:00.000Z',
  validUntil: '2026-12-20',
  seller: { name: 'Domaine de Démo SAS', email: 'compta@domaine-demo.test', phone: null },
  client: { name: 'Le Bistrot' },
  lines: [
    { label: 'Mâcon-Villages 2023', details: '75 cl', quantity: 6, unitPriceHT: 1000, discountHT: 0, vatRate: 20, totalHT: 6000 },
    { label: 'Frais de port', details: null, quantity: 1, unitPriceHT: 1500, discountHT: 0, vatRate: 20, totalHT: 1500 },
  ],
  vat: [{ rate: 20, baseHT: 7500, vat: 1500 }],
  totalHT: 7500,
  totalVAT: 1500,
  totalTTC: 9000,
  paymentTerms: 'Paiement à 30 jours',
  notes: 'Livraison en janvier',
  answer: null,
  ...over,
});

const ROUTE = '/quotes/abc.def.ghi';
const PATH = '/quotes/:token';

describe('a quote answered online', () => {
  it('shows the quote and accepts it with the signer’s name, which is required', async () => {
    const page = renderPage(<QuoteAnswerPage routePath={PATH} />, {
      route: ROUTE,
      path: PATH,
      session: null,
      api: {
        'GET /public/quotes/abc.def.ghi': quote(),
        'POST /public/quotes/abc.def.ghi/answer': (call) =>
          reply(200, {
            success: true,
            message: 'Merci, votre accord a bien été enregistré. Le domaine prépare votre commande.',
            quote: quote({
              state: 'accepted',
              answer: { by: `${(call.body as { name: string }).name} · en ligne`, at: '2026-11-26T09:00:00.000Z' },
            }),
          }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Devis D2026-00004' })).toBeInTheDocument();
    expect(screen.getByTestId('quote-state')).toHaveTextContent('En attente de votre réponse');
    expect(screen.getByText('Mâcon-Villages 2023')).toBeInTheDocument();
    expect(screen.getByTestId('quote-totals').textContent).toContain(`Total TTC${formatCents(9000)}`);
    expect(screen.getByText('Livraison en janvier')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'J’accepte le devis' }));
    expect(await screen.findByText('Indiquez vos nom et prénom')).toBeInTheDocument();
    expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Vos nom et prénom' }), 'Jean Bistrot');
    await userEvent.click(screen.getByRole('button', { name: 'J’accepte le devis' }));
    expect(await screen.findByText(/Réponse de Jean Bistrot · en ligne/)).toBeInTheDocument();
    expect(page.calls.find((c) => c.method === 'POST')?.body).toEqual({ answer: 'accept', name: 'Jean Bistrot' });
    expect(screen.getByTestId('quote-state')).toHaveTextContent('Accepté');
    expect(screen.queryByRole('button', { name: 'J’accepte le devis' })).not.toBeInTheDocument();
  });

  it('the api’s message about the name shows under the field; any other answer as an error snackbar', async () => {
    let answers = 0;
    const page = renderPage(<QuoteAnswerPage routePath={PATH} />, {
      route: ROUTE,
      path: PATH,
      session: null,
      api: {
        'GET /public/quotes/abc.def.ghi': quote(),
        'POST /public/quotes/abc.def.ghi/answer': () =>
          ++answers === 1
            ? reply(400, { success: false, message: 'Indiquez vos nom et prénom', field: 'name' })
            : reply(409, { success: false, message: 'Ce devis a déjà reçu une réponse' }),
      },
    });
    const name = await screen.findByRole('textbox', { name: 'Vos nom et prénom' });
    await userEvent.type(name, 'J');
    await userEvent.click(screen.getByRole('button', { name: 'J’accepte le devis' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Indiquez vos nom et prénom');
    expect(page.snackbars()).toEqual([]);

    // corrected: the message goes
    await userEvent.type(name, 'ean Bistrot');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Indiquez vos nom et prénom')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'J’accepte le devis' }));
    await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Ce devis a déjà reçu une réponse', error: true }));
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(page.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { answer: 'accept', name: 'J' },
      { answer: 'accept', name: 'Jean Bistrot' },
    ]);
  });

  it('declines with a reason after a confirmation', async () => {
    const page = renderPage(<QuoteAnswerPage routePath={PATH} />, {
      route: ROUTE,
      path: PATH,
      session: null,
      api: {
        'GET /public/quotes/abc.def.ghi': quote(),
        'POST /public/quotes/abc.def.ghi/answer': reply(200, {
          success: true,
          message: 'Votre réponse a bien été enregistrée.',
          quote: quote({ state: 'refused', answer: { by: 'en ligne', at: '2026-11-26T09:00:00.000Z' } }),
        }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refuser le devis' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Motif (facultatif)'), 'Trop cher');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await screen.findByText('Refusé')).toBeInTheDocument();
    expect(page.calls.find((c) => c.method === 'POST')?.body).toEqual({ answer: 'refuse', reason: 'Trop cher' });
  });

  it('an unknown or expired link says so; an expired quote offers no answer', async () => {
    renderPage(<QuoteAnswerPage routePath={PATH} />, {
      route: ROUTE,
      path: PATH,
      session: null,
      api: { 'GET /public/quotes/abc.def.ghi': reply(404, { success: false, message: 'Ce lien de devis est invalide ou a expiré' }) },
    });
    expect(await screen.findByText('Ce lien de devis est invalide ou a expiré')).toBeInTheDocument();
  });

  it('an expired quote is shown without the answer form', async () => {
    renderPage(<QuoteAnswerPage routePath={PATH} />, {
      route: ROUTE,
      path: PATH,
      session: null,
      api: { 'GET /public/quotes/abc.def.ghi': quote({ state: 'expired' }) },
    });
    expect(await screen.findByText('Expiré')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'J’accepte le devis' })).not.toBeInTheDocument();
  });
});
