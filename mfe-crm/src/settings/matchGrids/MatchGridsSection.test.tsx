import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';
import type { MatchGrids, MatchGridsBody } from './matchGrids.schema';

const route = '/dashboard/settings?link=matchGrids';
const saved: MatchGrids = {
  products: [
    { code: 'MAC-75', label: 'Mâcon 75 cl', formatId: 11, formatLabel: 'Mâcon Villages – 2022 – 75 cl' },
    { code: 'OLD', label: '', formatId: 99, formatLabel: null },
  ],
  typologies: [{ code: 'PART', label: '', typologyId: 'particulier' }],
  paymentMethods: [
    { code: 'CHQ', label: 'Chèque', method: 'check' },
    { code: 'ESP', label: '', method: 'cash' },
  ],
};
const typologies = [
  { id: 'particulier', name: 'Particulier', public: true, ttc: true, globalDiscount: 0, allRulesInEq75: false, clients: 3, prices: 40 },
  { id: 'caviste', name: 'Caviste', public: false, ttc: false, globalDiscount: 5, allRulesInEq75: false, clients: 1, prices: 40 },
];
const formats = [
  { value: 11, label: 'Mâcon Villages – 2022 – 75 cl' },
  { value: 12, label: 'Pouilly-Fuissé – 2021 – 75 cl' },
  { value: 13, label: 'Pouilly-Fuissé – 2021 – 150 cl' },
];

function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? (document.getElementById(ids[0])?.textContent ?? null) : null;
}
const shownIn = (combobox: HTMLElement) => combobox.closest('.ant-select-content')?.getAttribute('title') ?? null;
const row = (grid: string, n: number) => screen.getByRole('group', { name: `${grid} — ligne ${n}` });
const putCalls = (page: { api: { callsTo(r: string): Array<{ body?: unknown }> } }) =>
  page.api.callsTo('PUT /shops/me/settings/match-grids');

async function pick(combobox: HTMLElement, title: string) {
  await userEvent.click(combobox);
  const options = await screen.findAllByTitle(title);
  const open = options.filter((o) => o.classList.contains('ant-select-item-option') && !o.closest('.ant-select-dropdown-hidden'));
  await userEvent.click(open[open.length - 1] ?? options[options.length - 1]);
}

const api = (more: Record<string, unknown> = {}) => ({
  'GET /shops/me/settings/match-grids': saved,
  'GET /tariffs/typologies': typologies,
  'GET /stock/format-options': (req: { query: Record<string, string> }) =>
    formats.filter((f) => !req.query.q || f.label.toLowerCase().includes(req.query.q.toLowerCase())),
  ...more,
});

it('shows the three grids with the shop’s values in their selects', async () => {
  const page = renderPage(<SettingsPage />, { route, session: 'owner', api: api() });
  const first = await screen.findByRole('group', { name: 'Produits — ligne 1' });
  expect(within(first).getByLabelText(/^Code du producteur/)).toHaveValue('MAC-75');
  expect(within(first).getByLabelText('Libellé (facultatif)')).toHaveValue('Mâcon 75 cl');
  expect(shownIn(within(first).getByRole('combobox', { name: /^Format de la boutique/ }))).toBe('Mâcon Villages – 2022 – 75 cl');
  // a format since deleted says so
  expect(shownIn(within(row('Produits', 2)).getByRole('combobox', { name: /^Format de la boutique/ }))).toBe('Format n°99 (supprimé)');
  await waitFor(() =>
    expect(shownIn(within(row('Typologies de clients', 1)).getByRole('combobox', { name: /^Typologie de la boutique/ }))).toBe(
      'Particulier',
    ),
  );
  expect(shownIn(within(row('Moyens de paiement', 1)).getByRole('combobox', { name: /^Moyen de paiement/ }))).toBe('Chèque');
  expect(shownIn(within(row('Moyens de paiement', 2)).getByRole('combobox', { name: /^Moyen de paiement/ }))).toBe('Espèces');
  expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  // the formats are searched when a select opens, not before
  expect(page.api.callsTo('GET /stock/format-options')).toHaveLength(0);
});

it('adds and removes rows, picks the shop’s values and saves the body the api expects', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: api({
      'PUT /shops/me/settings/match-grids': (req: { body: unknown }) => {
        const body = req.body as MatchGridsBody;
        return {
          ...body,
          products: body.products.map((p) => ({ ...p, formatLabel: formats.find((f) => f.value === p.formatId)?.label ?? null })),
          message: 'Paramètres enregistrés',
        };
      },
    }),
  });
  await screen.findByRole('group', { name: 'Produits — ligne 1' });
  // the deleted format's row goes, a new one comes
  await userEvent.click(screen.getByRole('button', { name: 'Retirer la ligne 2 (Produits)' }));
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne (Produits)' }));
  const added = row('Produits', 2);
  expect(within(added).getByLabelText(/^Code du producteur/)).toHaveFocus();
  await userEvent.type(within(added).getByLabelText(/^Code du producteur/), ' PF-150 ');
  const format = within(added).getByRole('combobox', { name: /^Format de la boutique/ });
  await userEvent.click(format);
  await userEvent.type(format, '150');
  await waitFor(() => expect(page.api.callsTo('GET /stock/format-options').some((c) => c.query.q === '150')).toBe(true));
  await pick(format, 'Pouilly-Fuissé – 2021 – 150 cl');
  await waitFor(() => expect(shownIn(format)).toBe('Pouilly-Fuissé – 2021 – 150 cl'));

  await userEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne (Typologies de clients)' }));
  const typo = row('Typologies de clients', 2);
  await userEvent.type(within(typo).getByLabelText(/^Code du producteur/), 'CAV');
  await userEvent.type(within(typo).getByLabelText('Libellé (facultatif)'), 'Cavistes');
  await pick(within(typo).getByRole('combobox', { name: /^Typologie de la boutique/ }), 'Caviste');

  await userEvent.click(screen.getByRole('button', { name: 'Retirer la ligne 1 (Moyens de paiement)' }));
  await pick(within(row('Moyens de paiement', 1)).getByRole('combobox', { name: /^Moyen de paiement/ }), 'Carte bancaire');

  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(putCalls(page)).toHaveLength(1));
  expect(putCalls(page)[0].body).toEqual({
    products: [
      { code: 'MAC-75', label: 'Mâcon 75 cl', formatId: 11 },
      { code: 'PF-150', label: '', formatId: 13 },
    ],
    typologies: [
      { code: 'PART', label: '', typologyId: 'particulier' },
      { code: 'CAV', label: 'Cavistes', typologyId: 'caviste' },
    ],
    paymentMethods: [{ code: 'ESP', label: '', method: 'cb' }],
  });
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Paramètres enregistrés', error: false }));
  expect(within(row('Produits', 2)).getByLabelText(/^Code du producteur/)).toHaveValue('PF-150');
  expect(screen.queryByRole('group', { name: 'Moyens de paiement — ligne 2' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
});

it('a code twice in a grid (any case) and an empty new row show their messages; nothing is sent', async () => {
  const page = renderPage(<SettingsPage />, { route, session: 'owner', api: api() });
  await screen.findByRole('group', { name: 'Moyens de paiement — ligne 1' });
  const second = within(row('Moyens de paiement', 2)).getByLabelText(/^Code du producteur/);
  await userEvent.clear(second);
  await userEvent.type(second, 'chq');
  await userEvent.tab();
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne (Typologies de clients)' }));
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

  await waitFor(() => expect(errorOf(second)).toBe('Ce code figure déjà dans la grille'));
  expect(errorOf(within(row('Moyens de paiement', 1)).getByLabelText(/^Code du producteur/))).toBeNull();
  const empty = row('Typologies de clients', 2);
  expect(errorOf(within(empty).getByLabelText(/^Code du producteur/))).toBe('Le code doit contenir entre 1 et 50 caractères');
  expect(errorOf(within(empty).getByRole('combobox', { name: /^Typologie de la boutique/ }))).toBe(
    'Choisissez une typologie de la boutique',
  );
  expect(putCalls(page)).toHaveLength(0);

  // another code makes it right
  await userEvent.clear(second);
  await userEvent.type(second, 'VIR');
  await waitFor(() => expect(errorOf(second)).toBeNull());
});

it('the api’s refusal naming a row’s field shows under that field', async () => {
  const message = 'Choisissez un format de vos produits';
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: api({ 'PUT /shops/me/settings/match-grids': () => reply(400, { success: false, message, field: 'products.1.formatId' }) }),
  });
  const code = within(await screen.findByRole('group', { name: 'Produits — ligne 2' })).getByLabelText(/^Code du producteur/);
  await userEvent.type(code, '-2');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  const format = within(row('Produits', 2)).getByRole('combobox', { name: /^Format de la boutique/ });
  await waitFor(() => expect(errorOf(format)).toBe(message));
  expect(errorOf(within(row('Produits', 1)).getByRole('combobox', { name: /^Format de la boutique/ }))).toBeNull();
  expect(putCalls(page)[0].body).toMatchObject({ products: [{ formatId: 11 }, { code: 'OLD-2', formatId: 99 }] });
  expect(page.snackbars()).toEqual([]);
});

it('the iam reads the grids without changing them (typology names from the session)', async () => {
  const page = renderPage(<SettingsPage />, { route, session: 'iam', api: { 'GET /shops/me/settings/match-grids': saved } });
  expect(await screen.findByText('Seul le propriétaire de la boutique peut modifier les grilles de correspondance.')).toBeInTheDocument();
  const typo = within(row('Typologies de clients', 1)).getByRole('combobox', { name: /^Typologie de la boutique/ });
  expect(shownIn(typo)).toBe('Particulier');
  expect(typo).toBeDisabled();
  expect(within(row('Produits', 1)).getByLabelText(/^Code du producteur/)).toBeDisabled();
  expect(screen.queryByRole('button', { name: /^Ajouter une ligne/ })).toBeNull();
  expect(screen.queryByRole('button', { name: /^Retirer la ligne/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  expect(page.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /shops/me/settings/match-grids']);
});

it('a load error offers to retry', async () => {
  let fail = true;
  renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: api({
      'GET /shops/me/settings/match-grids': () => (fail ? reply(500, { success: false, message: 'Service indisponible' }) : saved),
    }),
  });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Service indisponible');
  fail = false;
  await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByRole('group', { name: 'Produits — ligne 1' })).toBeInTheDocument();
});
