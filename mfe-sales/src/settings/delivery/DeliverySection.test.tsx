import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELIVERY_SETTINGS_MESSAGES, type DeliverySettings } from 'shared-kernel/contracts';
import { MESSAGES } from 'shared-kernel/validation';
import { iamWith, renderPage, reply } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';

const route = '/dashboard/settings?link=delivery';

const saved: DeliverySettings = {
  deliveryTypes: [
    {
      name: 'Colissimo France',
      ref: 'colissimo-fr',
      type: 'colissimo',
      zones: [{ countries: ['FR'], price: 12 }],
      franco: { quantity: 24, amount: 300 },
    },
    {
      name: 'Transporteur Europe',
      ref: 'transporteur-eu',
      type: 'transporteur',
      zones: [
        { countries: ['BE', 'DE'], price: 25 },
        { countries: ['CH'], price: 35 },
      ],
      franco: null,
    },
  ],
  collectionPoints: [{ id: 1, name: 'Retrait au domaine', address: '12 chemin des Vignes, 84100 Orange', price: 0 }],
  packaging: { bottlesPerPackage: 12, extraPackagePrice: 7 },
};

/** The error shown under a field (tied to it with aria-describedby). */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? (document.getElementById(ids[0])?.textContent ?? null) : null;
}
const putCalls = (page: { calls: Array<{ method: string; body?: unknown }> }) => page.calls.filter((c) => c.method === 'PUT');

it('shows the saved settings: types with their zones, franco, collection points, packaging', async () => {
  renderPage(<SettingsPage />, { route, session: 'owner', api: { 'GET /orders/settings/delivery': () => saved } });
  const first = await screen.findByRole('group', { name: 'Mode 1' });
  expect(within(first).getByLabelText(/^Nom/)).toHaveValue('Colissimo France');
  expect(within(first).getByLabelText(/^Référence/)).toHaveValue('colissimo-fr');
  expect(within(first).getByLabelText(/^Zone 1 — Tarif/)).toHaveValue('12,00');
  expect(within(first).getByText('France (FR)')).toBeInTheDocument();
  expect(within(first).getByLabelText(/^À partir de \(bouteilles\)/)).toHaveValue('24');
  const second = screen.getByRole('group', { name: 'Mode 2' });
  expect(within(second).getByLabelText(/^Zone 2 — Tarif/)).toHaveValue('35,00');
  expect(within(second).getByLabelText(/^À partir de \(bouteilles\)/)).toHaveValue('');
  expect(within(screen.getByRole('group', { name: 'Point 1' })).getByLabelText(/^Adresse/)).toHaveValue(
    '12 chemin des Vignes, 84100 Orange',
  );
  expect(screen.getByLabelText(/^Bouteilles par colis/)).toHaveValue('12');
  expect(screen.getByText(/Jusqu’à 12 bouteilles dans un colis, puis 7,00\s€ HT par colis supplémentaire/)).toBeInTheDocument();
});

it('edits the lists (add, reorder, remove), saves the body the api expects and shows the success message', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /orders/settings/delivery': () => saved,
      'PUT /orders/settings/delivery': (req) => {
        const body = req.body as DeliverySettings;
        return {
          ...body,
          collectionPoints: body.collectionPoints.map((p, i) => ({ ...p, id: p.id ?? 10 + i })),
          message: DELIVERY_SETTINGS_MESSAGES.saved,
        };
      },
    },
  });
  await screen.findByRole('group', { name: 'Mode 1' });

  // a new delivery type, moved first
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter un mode de livraison' }));
  const third = screen.getByRole('group', { name: 'Mode 3' });
  expect(within(third).getByLabelText(/^Référence/)).toHaveValue('livraison-3');
  await userEvent.type(within(third).getByLabelText(/^Nom/), 'Coursier Orange');
  await userEvent.type(within(third).getByLabelText(/^Transporteur/), 'local');
  await userEvent.type(within(third).getByLabelText(/^Zone 1 — Tarif/), '8,5');
  await userEvent.type(within(third).getByLabelText(/^À partir de \(montant TTC\)/), '150');
  await userEvent.click(screen.getByRole('button', { name: 'Monter Coursier Orange' }));
  await userEvent.click(screen.getByRole('button', { name: 'Monter Coursier Orange' }));
  expect(within(screen.getByRole('group', { name: 'Mode 1' })).getByLabelText(/^Nom/)).toHaveValue('Coursier Orange');

  // the European carrier loses its Swiss zone
  await userEvent.click(screen.getByRole('button', { name: 'Supprimer la zone 2 de Transporteur Europe' }));
  // Colissimo gets a second zone for every other country
  const colissimo = screen.getByRole('group', { name: 'Mode 2' });
  await userEvent.click(within(colissimo).getByRole('button', { name: 'Ajouter une zone' }));
  await userEvent.type(within(colissimo).getByLabelText(/^Zone 2 — Tarif/), '30');

  // a new collection point
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter un point de retrait' }));
  const point = screen.getByRole('group', { name: 'Point 2' });
  await userEvent.type(within(point).getByLabelText(/^Nom/), 'Cave de Lyon');
  await userEvent.type(within(point).getByLabelText(/^Adresse/), '8 rue Mercière, 69002 Lyon');
  await userEvent.clear(within(point).getByLabelText(/^Prix/));
  await userEvent.type(within(point).getByLabelText(/^Prix/), '5');

  // packaging: 6 bottles, 4,50 € per extra package
  await userEvent.clear(screen.getByLabelText(/^Bouteilles par colis/));
  await userEvent.type(screen.getByLabelText(/^Bouteilles par colis/), '6');
  await userEvent.clear(screen.getByLabelText(/^Prix par colis supplémentaire/));
  await userEvent.type(screen.getByLabelText(/^Prix par colis supplémentaire/), '4,5');

  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(putCalls(page)).toHaveLength(1));
  expect(putCalls(page)[0].body).toEqual({
    deliveryTypes: [
      {
        name: 'Coursier Orange',
        ref: 'livraison-3',
        type: 'local',
        zones: [{ countries: ['FR'], price: 8.5 }],
        franco: { quantity: null, amount: 150 },
      },
      {
        name: 'Colissimo France',
        ref: 'colissimo-fr',
        type: 'colissimo',
        zones: [
          { countries: ['FR'], price: 12 },
          { countries: [], price: 30 },
        ],
        franco: { quantity: 24, amount: 300 },
      },
      {
        name: 'Transporteur Europe',
        ref: 'transporteur-eu',
        type: 'transporteur',
        zones: [{ countries: ['BE', 'DE'], price: 25 }],
        franco: null,
      },
    ],
    collectionPoints: [
      { id: 1, name: 'Retrait au domaine', address: '12 chemin des Vignes, 84100 Orange', price: 0 },
      { name: 'Cave de Lyon', address: '8 rue Mercière, 69002 Lyon', price: 5 },
    ],
    packaging: { bottlesPerPackage: 6, extraPackagePrice: 4.5 },
  });
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Paramètres de livraison enregistrés', error: false }));
  expect(screen.getByText(/Jusqu’à 6 bouteilles dans un colis, puis 4,50\s€ HT/)).toBeInTheDocument();
});

it('checks before sending: names required, a duplicate reference, a rate; nothing is sent', async () => {
  const page = renderPage(<SettingsPage />, { route, session: 'owner', api: { 'GET /orders/settings/delivery': () => saved } });
  const first = await screen.findByRole('group', { name: 'Mode 1' });
  const name = within(first).getByLabelText(/^Nom/);
  await userEvent.clear(name);
  await userEvent.tab();
  await waitFor(() => expect(errorOf(name)).toBe(MESSAGES.needed));
  await userEvent.type(name, 'Colissimo');

  const second = screen.getByRole('group', { name: 'Mode 2' });
  const ref = within(second).getByLabelText(/^Référence/);
  await userEvent.clear(ref);
  await userEvent.type(ref, 'colissimo-fr');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(errorOf(ref)).toBe('La référence « colissimo-fr » est déjà utilisée par un autre mode de livraison'));

  await userEvent.clear(ref);
  await userEvent.type(ref, 'transporteur');
  await userEvent.click(within(second).getByRole('button', { name: 'Ajouter une zone' }));
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(errorOf(within(second).getByLabelText(/^Zone 3 — Tarif/))).toBe(DELIVERY_SETTINGS_MESSAGES.price));
  expect(putCalls(page)).toHaveLength(0);
});

it('an api error goes under its field (a country code in a zone list)', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /orders/settings/delivery': () => saved,
      'PUT /orders/settings/delivery': () =>
        reply(400, { success: false, message: DELIVERY_SETTINGS_MESSAGES.country('XX'), field: 'deliveryTypes.1.zones.0.countries.1' }),
    },
  });
  const second = await screen.findByRole('group', { name: 'Mode 2' });
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(putCalls(page)).toHaveLength(1));
  const countries = within(second).getByLabelText(/^Zone 1 — Pays desservis/);
  await waitFor(() => expect(errorOf(countries)).toBe("Le code pays « XX » n'est pas un code ISO valide (ex. FR, BE, DE)"));
  expect(page.snackbars()).toEqual([]);
});

it('a load error offers to retry', async () => {
  let fail = true;
  renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: { 'GET /orders/settings/delivery': () => (fail ? reply(500, { success: false, message: 'Service indisponible' }) : saved) },
  });
  expect(await screen.findByText('Service indisponible')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByRole('group', { name: 'Mode 1' })).toBeInTheDocument();
});

it('an iam needs manageDelivery: without it, the section is not listed, its link says so, and no call', async () => {
  const page = renderPage(<SettingsPage />, { route, session: 'iam' });
  expect(screen.getByRole('link', { name: 'Typologies' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Livraison' })).toBeNull();
  expect(await screen.findByText('Vous n’avez pas accès à cette section des paramètres.')).toBeInTheDocument();
  expect(page.calls).toEqual([]);
});

it('an iam with manageDelivery edits it', async () => {
  renderPage(<SettingsPage />, {
    route,
    session: iamWith({ manageDelivery: true }),
    api: { 'GET /orders/settings/delivery': () => saved },
  });
  expect(await screen.findByRole('group', { name: 'Mode 1' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
});
