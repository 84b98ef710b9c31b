import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOYALTY_MESSAGES, type LoyaltyProgram } from 'shared-kernel/contracts';
import { paginatedOf, renderPage, reply, type ApiHandlers } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';
import { LoyaltyCard } from './LoyaltyCard';

const route = '/dashboard/settings?link=promotions';

const bronze: LoyaltyProgram['levels'][number] = { name: 'Bronze', threshold: 100, offers: [{ kind: 'discount', type: '%', amount: 10 }] };
const saved: LoyaltyProgram = {
  active: true,
  basis: 'euro',
  pointsPerUnit: 2,
  levels: [
    bronze,
    {
      name: 'Or',
      threshold: 500,
      offers: [
        { kind: 'discount', type: '€', amount: 500 },
        { kind: 'products', productIds: [11, 12], maxProducts: 2 },
      ],
    },
  ],
  updatedAt: '2026-03-01T10:00:00.000Z',
};
const bronzeOnly: LoyaltyProgram = { ...saved, levels: [bronze] };
const neverSaved: LoyaltyProgram = { active: false, basis: 'euro', pointsPerUnit: 1, levels: [], updatedAt: null };
const products = [
  { id: 11, name: 'Château Test 2020' },
  { id: 12, name: 'Crémant Brut' },
  { id: 13, name: 'Rosé de Provence 2024' },
];

/** The settings section `promotions` (its codes list empty) with the loyalty handlers. */
function open(handlers: ApiHandlers) {
  return renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: { 'GET /promo-codes': (req) => paginatedOf([], req.query), ...handlers },
  });
}
const card = () => screen.findByRole('region', { name: 'Programme de fidélité' });
/** The error shown under a field (tied to it with aria-describedby). */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? (document.getElementById(ids[0])?.textContent ?? null) : null;
}
const puts = (page: { calls: Array<{ method: string; path: string; body?: unknown }> }) =>
  page.calls.filter((c) => c.method === 'PUT' && c.path === '/loyalty/program');

it('loads and shows the saved programme below the promotion codes: its levels, offers and summaries', async () => {
  const page = open({
    'GET /loyalty/program': saved,
    'GET /catalogue/products': (req) => paginatedOf(products, req.query),
  });
  const region = await card();
  const first = await within(region).findByRole('group', { name: 'Palier 1' });
  expect(within(region).getByRole('switch', { name: 'Programme actif' })).toBeChecked();
  expect(within(region).getByRole('radio', { name: 'Points par euro dépensé' })).toBeChecked();
  expect(within(region).getByRole('radio', { name: 'Points par bouteille' })).not.toBeChecked();
  expect(within(region).getByLabelText(/^Points gagnés/)).toHaveValue('2');

  expect(within(first).getByText('Palier 1 — Bronze')).toBeInTheDocument();
  expect(within(first).getByLabelText(/^Nom du palier/)).toHaveValue('Bronze');
  expect(within(first).getByLabelText(/^Seuil \(points\)/)).toHaveValue('100');
  expect(within(first).getByLabelText(/^Remise \(%\)/)).toHaveValue('10');
  expect(within(first).getByText('Dès 100 points : Remise de 10 %')).toBeInTheDocument();

  const second = within(region).getByRole('group', { name: 'Palier 2' });
  expect(within(second).getByLabelText(/^Seuil \(points\)/)).toHaveValue('500');
  const discount = within(second).getByRole('group', { name: 'Offre 1' });
  expect(within(discount).getByRole('radio', { name: 'Montant (€ TTC)' })).toBeChecked();
  // 500 cents shown in euros
  expect(within(discount).getByLabelText(/^Remise \(€ TTC\)/)).toHaveValue('5,00');
  const offered = within(second).getByRole('group', { name: 'Offre 2' });
  expect(within(offered).getByRole('radio', { name: 'Produits offerts' })).toBeChecked();
  expect(within(offered).getByLabelText(/^Nombre maximal de produits offerts/)).toHaveValue('2');
  expect(await within(offered).findByText('Château Test 2020')).toBeInTheDocument();
  expect(within(offered).getByText('Crémant Brut')).toBeInTheDocument();
  expect(within(second).getByText(/^Dès 500 points : Remise de 5,00\s€ ou 2 produits offerts au choix$/)).toBeInTheDocument();

  // the promotion codes are still there above it, and the shop's products were asked once
  expect(screen.getByRole('button', { name: 'Nouveau code promo' })).toBeInTheDocument();
  expect(page.api.callsTo('GET /catalogue/products')[0].query).toEqual({ page: '1', pageSize: '100', sort: 'name' });
  expect(puts(page)).toHaveLength(0);
});

it('adds a level with two discount offers and saves the body the api expects (euros sent as cents)', async () => {
  const page = open({
    'GET /loyalty/program': bronzeOnly,
    'PUT /loyalty/program': (req) => ({ ...(req.body as object), updatedAt: '2026-03-02T10:00:00.000Z', message: LOYALTY_MESSAGES.saved }),
  });
  const region = await card();
  await within(region).findByRole('group', { name: 'Palier 1' });
  await userEvent.click(within(region).getByRole('radio', { name: 'Points par bouteille' }));
  expect(within(region).getByText('points par bouteille')).toBeInTheDocument();
  const points = within(region).getByLabelText(/^Points gagnés/);
  await userEvent.clear(points);
  await userEvent.type(points, '3');

  await userEvent.click(within(region).getByRole('button', { name: 'Ajouter un palier' }));
  const second = within(region).getByRole('group', { name: 'Palier 2' });
  // the new level's name field takes the focus
  await waitFor(() => expect(within(second).getByLabelText(/^Nom du palier/)).toHaveFocus());
  await userEvent.type(within(second).getByLabelText(/^Nom du palier/), 'Argent');
  await userEvent.type(within(second).getByLabelText(/^Seuil \(points\)/), '300');
  const first = within(second).getByRole('group', { name: 'Offre 1' });
  await userEvent.click(within(first).getByRole('radio', { name: 'Montant (€ TTC)' }));
  await userEvent.type(within(first).getByLabelText(/^Remise \(€ TTC\)/), '7,5');

  await userEvent.click(within(second).getByRole('button', { name: 'Ajouter une offre' }));
  const other = within(second).getByRole('group', { name: 'Offre 2' });
  await userEvent.type(within(other).getByLabelText(/^Remise \(%\)/), '15');
  expect(within(second).getByText(/^Dès 300 points : Remise de 7,50\s€ ou Remise de 15 %$/)).toBeInTheDocument();

  await userEvent.click(within(region).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(puts(page)).toHaveLength(1));
  expect(puts(page)[0].body).toEqual({
    active: true,
    basis: 'bottle',
    pointsPerUnit: 3,
    levels: [
      { name: 'Bronze', threshold: 100, offers: [{ kind: 'discount', type: '%', amount: 10 }] },
      {
        name: 'Argent',
        threshold: 300,
        offers: [
          { kind: 'discount', type: '€', amount: 750 },
          { kind: 'discount', type: '%', amount: 15 },
        ],
      },
    ],
  });
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Programme de fidélité enregistré', error: false }]));
  // the saved programme stays on screen
  expect(within(within(region).getByRole('group', { name: 'Palier 2' })).getByLabelText(/^Remise \(€ TTC\)/)).toHaveValue('7,50');
});

it('removes a level and an offer with named buttons; a products offer sends the chosen products', async () => {
  const page = open({
    'GET /loyalty/program': saved,
    'GET /catalogue/products': (req) => paginatedOf(products, req.query),
    'PUT /loyalty/program': (req) => ({ ...(req.body as object), updatedAt: null, message: LOYALTY_MESSAGES.saved }),
  });
  const region = await card();
  await within(region).findByRole('group', { name: 'Palier 2' });
  await userEvent.click(within(region).getByRole('button', { name: 'Supprimer l’offre 1 du palier Or' }));
  const offered = within(within(region).getByRole('group', { name: 'Palier 2' })).getByRole('group', { name: 'Offre 1' });
  // the last offer of a level cannot be removed
  expect(within(offered).getByRole('button', { name: 'Supprimer l’offre 1 du palier Or' })).toBeDisabled();
  await userEvent.click(within(offered).getByRole('combobox', { name: /^Produits au choix/ }));
  await userEvent.click(await screen.findByTitle('Rosé de Provence 2024'));
  await userEvent.click(within(region).getByRole('button', { name: 'Supprimer le palier Bronze' }));
  expect(within(region).queryByRole('group', { name: 'Palier 2' })).not.toBeInTheDocument();

  await userEvent.click(within(region).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(puts(page)).toHaveLength(1));
  expect(puts(page)[0].body).toEqual({
    active: true,
    basis: 'euro',
    pointsPerUnit: 2,
    levels: [{ name: 'Or', threshold: 500, offers: [{ kind: 'products', productIds: [11, 12, 13], maxProducts: 2 }] }],
  });
});

it('checks before sending: thresholds must increase, a percentage is at most 100; nothing is sent', async () => {
  const page = open({
    'GET /loyalty/program': bronzeOnly,
    'PUT /loyalty/program': (req) => ({ ...(req.body as object), updatedAt: null, message: LOYALTY_MESSAGES.saved }),
  });
  const region = await card();
  await within(region).findByRole('group', { name: 'Palier 1' });
  await userEvent.click(within(region).getByRole('button', { name: 'Ajouter un palier' }));
  const second = within(region).getByRole('group', { name: 'Palier 2' });
  await userEvent.type(within(second).getByLabelText(/^Nom du palier/), 'Argent');
  const threshold = within(second).getByLabelText(/^Seuil \(points\)/);
  await userEvent.type(threshold, '50');
  await userEvent.type(within(second).getByLabelText(/^Remise \(%\)/), '5');
  await userEvent.click(within(region).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(errorOf(threshold)).toBe('Les seuils des paliers doivent être croissants'));
  expect(threshold).toHaveAttribute('aria-invalid', 'true');
  expect(puts(page)).toHaveLength(0);

  // a percentage above 100: the contract's message under the amount
  const amount = within(second).getByLabelText(/^Remise \(%\)/);
  await userEvent.clear(threshold);
  await userEvent.type(threshold, '600');
  await userEvent.clear(amount);
  await userEvent.type(amount, '150');
  await userEvent.click(within(region).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(errorOf(amount)).toBe(LOYALTY_MESSAGES.percent));
  expect(puts(page)).toHaveLength(0);
});

it('an active programme needs a level (said under the list); switched off, it is saved empty', async () => {
  const page = open({
    'GET /loyalty/program': bronzeOnly,
    'PUT /loyalty/program': (req) => ({ ...(req.body as object), updatedAt: null, message: LOYALTY_MESSAGES.saved }),
  });
  const region = await card();
  await within(region).findByRole('group', { name: 'Palier 1' });
  await userEvent.click(within(region).getByRole('button', { name: 'Supprimer le palier Bronze' }));
  expect(within(region).getByText('Aucun palier pour le moment.')).toBeInTheDocument();
  await userEvent.click(within(region).getByRole('button', { name: 'Enregistrer' }));
  expect(await within(region).findByText('Un programme actif doit avoir au moins un palier')).toBeInTheDocument();
  expect(puts(page)).toHaveLength(0);

  // switched off, it may be saved empty
  await userEvent.click(within(region).getByRole('switch', { name: 'Programme actif' }));
  await userEvent.click(within(region).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(puts(page)).toHaveLength(1));
  expect(puts(page)[0].body).toEqual({ active: false, basis: 'euro', pointsPerUnit: 2, levels: [] });
});

it('shows the api’s 400: under the field it names, else as an error snackbar', async () => {
  let answers = 0;
  const page = open({
    'GET /loyalty/program': bronzeOnly,
    'PUT /loyalty/program': () =>
      ++answers === 1
        ? reply(400, { success: false, message: LOYALTY_MESSAGES.threshold, field: 'levels.0.threshold' })
        : reply(400, { success: false, message: LOYALTY_MESSAGES.noProgram }),
  });
  const region = await card();
  const first = await within(region).findByRole('group', { name: 'Palier 1' });
  await userEvent.click(within(region).getByRole('button', { name: 'Enregistrer' }));
  const threshold = within(first).getByLabelText(/^Seuil \(points\)/);
  await waitFor(() => expect(errorOf(threshold)).toBe('Le seuil doit être un nombre entier de points supérieur ou égal à 1'));
  expect(page.snackbars()).toEqual([]);

  // (named 'Enregistrer' again once the submit is over)
  await userEvent.click(await within(region).findByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: "Cette boutique n'a pas de programme de fidélité", error: true }]));
  expect(puts(page)).toHaveLength(2);
});

it('a never saved programme starts inactive without levels; a load error offers to retry', async () => {
  let fail = true;
  open({
    'GET /loyalty/program': () => (fail ? reply(500, { success: false, message: 'Service indisponible' }) : neverSaved),
  });
  const region = await card();
  expect(await within(region).findByRole('alert')).toHaveTextContent('Service indisponible');
  fail = false;
  await userEvent.click(within(region).getByRole('button', { name: 'Réessayer' }));
  expect(await within(region).findByRole('switch', { name: 'Programme actif' })).not.toBeChecked();
  expect(within(region).getByText('Aucun palier pour le moment.')).toBeInTheDocument();
  expect(within(region).getByLabelText(/^Points gagnés/)).toHaveValue('1');
});

it('speaks English too', async () => {
  renderPage(<LoyaltyCard />, { session: 'owner', language: 'en', api: { 'GET /loyalty/program': bronzeOnly } });
  const region = await screen.findByRole('region', { name: 'Loyalty programme' });
  expect(await within(region).findByRole('button', { name: 'Add a level' })).toBeInTheDocument();
  expect(within(region).getByText('From 100 points: 10 % off')).toBeInTheDocument();
  expect(within(region).getByRole('button', { name: 'Remove level Bronze' })).toBeInTheDocument();
});
