import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage, reply } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';
import { promoCode as code } from './promotions.fixtures';

const route = '/dashboard/settings?link=promotions';
/** The loyalty programme card below the list (../loyalty): never saved. */
const loyalty = { 'GET /loyalty/program': { active: false, basis: 'euro', pointsPerUnit: 1, levels: [], updatedAt: null } };
const codes = [
  code({}),
  code({ id: 2, code: 'LIVRAISON', kind: 'freeShipping', value: 0, uses: 0, maxUses: 50, endsAt: '2026-12-31', status: 'active' }),
];

it('lists the codes with their value, validity, uses and status; filters by status and searches', async () => {
  const view = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: { ...loyalty, 'GET /promo-codes': (req) => paginatedOf(req.query.status === 'expired' ? [] : codes, req.query) },
  });
  const first = await screen.findByRole('row', { name: /BIENVENUE10/ });
  expect(first).toHaveTextContent('10 %');
  expect(first).toHaveTextContent('Toujours');
  expect(first).toHaveTextContent('Actif');
  const second = screen.getByRole('row', { name: /LIVRAISON/ });
  expect(second).toHaveTextContent('Livraison offerte');
  expect(second).toHaveTextContent('jusqu’au 31/12/2026');
  expect(second).toHaveTextContent('0 / 50');
  expect(view.api.callsTo('GET /promo-codes')[0].query).toEqual({ page: '1', pageSize: '20', sort: '-createdAt' });
  await userEvent.type(screen.getByRole('searchbox'), 'bien');
  await waitFor(() => expect(view.api.callsTo('GET /promo-codes').at(-1)!.query).toMatchObject({ q: 'bien' }));
  expect(view.location().search).toContain('link=promotions');
});

it('adds a code in the drawer: the api’s rules and messages, the server’s field error', async () => {
  let posts = 0;
  const view = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      ...loyalty,
      'GET /promo-codes': (req) => paginatedOf([], req.query),
      'POST /promo-codes': (req) =>
        ++posts === 1
          ? reply(409, { success: false, message: 'Ce code promo existe déjà dans votre boutique', field: 'code' })
          : reply(201, { ...code({ id: 9 }), ...(req.body as object), message: 'Le code promo a été créé' }),
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Nouveau code promo' }));
  const drawer = await screen.findByRole('dialog');
  const codeInput = within(drawer).getByLabelText(/^Code/);
  await userEvent.type(codeInput, 'NOËL!');
  await userEvent.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
  expect(
    await within(drawer).findByText('Le code promo ne peut contenir que des lettres sans accent, des chiffres, - et _'),
  ).toBeInTheDocument();
  expect(view.api.callsTo('POST /promo-codes')).toHaveLength(0);
  await userEvent.clear(codeInput);
  await userEvent.type(codeInput, 'noel');
  // a percentage above 100 is refused with the api's message
  const value = within(drawer).getByLabelText(/Remise \(%\)/);
  await userEvent.clear(value);
  await userEvent.type(value, '150');
  await userEvent.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
  expect(await within(drawer).findByText('Le pourcentage de remise doit être compris entre 1 et 100')).toBeInTheDocument();
  await userEvent.clear(value);
  await userEvent.type(value, '15');
  await userEvent.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(view.api.callsTo('POST /promo-codes')).toHaveLength(1));
  await waitFor(() => expect(codeInput).toHaveAccessibleDescription('Ce code promo existe déjà dans votre boutique'));
  expect(view.api.callsTo('POST /promo-codes')[0].body).toEqual({
    code: 'NOEL',
    kind: 'percent',
    value: 15,
    productIds: null,
    minAmountCents: 0,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerClient: null,
    typologies: null,
    active: true,
  });
  await userEvent.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(view.api.callsTo('POST /promo-codes')).toHaveLength(2));
  await waitFor(() => expect(view.snackbars().at(-1)).toEqual({ text: 'Code promo enregistré', error: false }));
});

it('deactivates a code and deletes one (the api says when it deactivated a used one instead)', async () => {
  const view = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      ...loyalty,
      'GET /promo-codes': (req) => paginatedOf(codes, req.query),
      'PUT /promo-codes/:id/active': (req) => ({
        ...codes[0],
        active: false,
        status: 'inactive',
        message: 'Le code promo a été désactivé',
        ...(req.body as object),
      }),
      'DELETE /promo-codes/:id': {
        success: true,
        message: 'Ce code promo a déjà été utilisé : il a été désactivé plutôt que supprimé',
        deactivated: true,
      },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Désactiver BIENVENUE10' }));
  await waitFor(() => expect(view.api.callsTo('PUT /promo-codes/:id/active')).toHaveLength(1));
  expect(view.api.callsTo('PUT /promo-codes/:id/active')[0]).toMatchObject({ params: { id: '1' }, body: { active: false } });
  await waitFor(() => expect(view.snackbars()).toEqual([{ text: 'Le code promo a été désactivé', error: false }]));
  await userEvent.click(screen.getByRole('button', { name: 'Supprimer BIENVENUE10' }));
  const confirm = await screen.findByRole('tooltip');
  await userEvent.click(within(confirm).getAllByRole('button').at(-1)!);
  await waitFor(() =>
    expect(view.snackbars().at(-1)).toEqual({
      text: 'Ce code promo a déjà été utilisé : il a été désactivé plutôt que supprimé',
      error: false,
    }),
  );
  expect(view.api.callsTo('DELETE /promo-codes/:id')[0].params).toEqual({ id: '1' });
});
