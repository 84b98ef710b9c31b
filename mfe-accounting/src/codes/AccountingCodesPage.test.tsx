import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CHART } from 'shared-kernel/domain';
import { renderPage, reply } from 'shared-kernel/testing';
import AccountingCodesPage from './AccountingCodesPage';

const ROUTE = '/dashboard/accounting/codes';
const codes = () => JSON.parse(JSON.stringify(DEFAULT_CHART));

it('shows the chart with the PCG defaults, checks a number as it is typed, and saves', async () => {
  const page = renderPage(<AccountingCodesPage routePath={ROUTE} />, {
    route: ROUTE,
    api: {
      'GET /accounting/codes': codes(),
      'PUT /accounting/codes': (call) => ({ ...(call.body as object), message: 'Codes comptables enregistrés' }),
    },
  });
  const shipping = await screen.findByLabelText(/^Frais de port/);
  expect(shipping).toHaveValue('7085');
  expect(screen.getByLabelText(/^TVA 5,5 %/)).toHaveValue('445713');
  expect(screen.getByLabelText(/^Chèque/)).toHaveValue('5112');
  expect(screen.getByLabelText(/^Compte collectif/)).toHaveValue('411');
  // the purchase journal's accounts and the result of the opening entry
  expect(screen.getByLabelText(/^Achats \(factures fournisseurs reçues\)/)).toHaveValue('607000');
  expect(screen.getByLabelText(/^TVA déductible/)).toHaveValue('445660');
  expect(screen.getByLabelText(/^Résultat de l’exercice \(perte\)/)).toHaveValue('129000');
  expect(screen.getByLabelText(/^Fournisseurs \(compte collectif\)/)).toHaveValue('401000');

  await userEvent.clear(shipping);
  await userEvent.type(shipping, '9085');
  expect(await screen.findByText('Un numéro de compte commence par le chiffre de sa classe (1 à 8)')).toBeInTheDocument();
  await userEvent.clear(shipping);
  await userEvent.type(shipping, '708500');
  // one account per client: the prefix replaces the collective account
  await userEvent.click(screen.getByRole('radio', { name: 'Un compte par client (préfixe + code client)' }));
  expect(screen.getByLabelText(/^Préfixe des comptes clients/)).toHaveValue('411');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Codes comptables enregistrés', error: false }]));
  const [put] = page.api.callsTo('PUT /accounting/codes');
  expect(put.body).toMatchObject({
    products: { shipping: '708500', product: '7071' },
    clients: { mode: 'auxiliary', prefix: '411' },
    purchases: { goods: '607000', vat: '445660', suppliers: '401000', prepayments: '409100' },
    result: { profit: '120000', loss: '129000' },
  });
});

it('a load error offers to try again', async () => {
  let fail = true;
  renderPage(<AccountingCodesPage routePath={ROUTE} />, {
    route: ROUTE,
    api: { 'GET /accounting/codes': () => (fail ? reply(502, { success: false, message: 'Service indisponible' }) : codes()) },
  });
  expect(await screen.findByText('Service indisponible')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByLabelText(/^Frais de port/)).toHaveValue('7085');
});

it('an exception sends a product’s or a range’s sales to their own account', async () => {
  const page = renderPage(<AccountingCodesPage routePath={ROUTE} />, {
    route: ROUTE,
    api: {
      'GET /accounting/codes': { ...codes(), overrides: [{ scope: 'range', key: 'Prestige', label: 'Prestige', account: '70112' }] },
      'GET /catalogue/products': (call) => ({
        items: call.query.q === 'pierre' ? [{ id: 42, name: 'Mâcon-Pierreclos', gamme: 'Terroirs', vintages: [] }] : [],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
      'PUT /accounting/codes': (call) => ({ ...(call.body as object), message: 'Codes comptables enregistrés' }),
    },
  });
  expect(await screen.findByLabelText(/^Gamme/)).toHaveValue('Prestige');
  await userEvent.click(screen.getByRole('button', { name: /Ajouter une exception/ }));
  expect(screen.getAllByTestId('override-row')).toHaveLength(2);
  // saving without a product names what is missing
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Choisissez un produit ou indiquez une gamme')).toBeInTheDocument();
  await userEvent.type(screen.getByRole('combobox', { name: /^Produit/ }), 'pierre');
  await userEvent.click(await screen.findByText('Mâcon-Pierreclos — Terroirs'));
  const accounts = screen.getAllByLabelText(/^Compte\b/).filter((e) => e.tagName === 'INPUT' && (e as HTMLInputElement).value === '');
  await userEvent.type(accounts[0], '70111');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.api.callsTo('PUT /accounting/codes')).toHaveLength(1));
  expect(page.api.callsTo('PUT /accounting/codes')[0].body).toMatchObject({
    overrides: [
      { scope: 'range', key: 'Prestige', account: '70112' },
      { scope: 'product', key: '42', label: 'Mâcon-Pierreclos — Terroirs', account: '70111' },
    ],
  });
  // removing one
  await userEvent.click(screen.getAllByRole('button', { name: 'Supprimer l’exception' })[0]);
  expect(screen.getAllByTestId('override-row')).toHaveLength(1);
});
