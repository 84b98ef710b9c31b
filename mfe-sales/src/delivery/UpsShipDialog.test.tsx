import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import type { OrderUpsShipping, UpsShipment } from './labels.queries';
import { UpsShipDialog } from './UpsShipDialog';

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const toShip: OrderUpsShipping = {
  orderId: 42,
  shipment: null,
  suggestedParcels: [
    { weightKg: 16.8, bottles: 12 },
    { weightKg: 8.7, bottles: 6 },
  ],
  accountConfigured: true,
};
const shipment: UpsShipment = {
  id: 7,
  orderId: 42,
  carrier: 'ups',
  service: '65',
  serviceLabel: 'UPS Express Saver',
  trackingNumber: '1ZFAKE0000000101',
  trackingUrl: 'https://www.ups.com/track?loc=fr_FR&tracknum=1ZFAKE0000000101',
  status: 'created',
  parcels: [{ weightKg: 16.8, bottles: 12 }],
  cost: { cents: 1250, currency: 'EUR' },
  environment: 'production',
  createdAt: '2026-12-07T10:00:00.000Z',
  deliveredAt: null,
  voidedAt: null,
  lastEvent: null,
};

it('proposes the parcels of the order, books the shipment with the chosen service and weights, then offers the label', async () => {
  let booked = false;
  const page = renderPage(<UpsShipDialog orderId={42} number="C2026-00042" onClose={() => undefined} />, {
    api: {
      'GET /shipping/orders/42': () => (booked ? { ...toShip, shipment } : toShip),
      'POST /shipping/orders/42/ups': () => {
        booked = true;
        return { ...shipment, message: 'Expédition UPS créée (suivi 1ZFAKE0000000101) : la commande est marquée expédiée' };
      },
    },
  });
  const second = await screen.findByLabelText(/Colis 2/);
  expect(screen.getByText('6 bouteilles')).toBeInTheDocument();
  await userEvent.clear(second);
  await userEvent.type(second, '9');
  // a third parcel, then removed again
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter un colis' }));
  await userEvent.click(screen.getByRole('button', { name: 'Retirer le colis 3' }));
  await userEvent.click(screen.getByRole('combobox', { name: /Service UPS/ }));
  await userEvent.click(await screen.findByTitle('UPS Express Saver'));
  await userEvent.click(screen.getByRole('button', { name: 'Créer l’expédition UPS' }));

  await waitFor(() => expect(page.api.callsTo('POST /shipping/orders/42/ups')).toHaveLength(1));
  expect(page.api.callsTo('POST /shipping/orders/42/ups')[0].body).toEqual({
    service: '65',
    parcels: [
      { weightKg: 16.8, bottles: 12 },
      { weightKg: 9, bottles: 6 },
    ],
  });
  await waitFor(() =>
    expect(page.snackbars()).toEqual([
      { text: 'Expédition UPS créée (suivi 1ZFAKE0000000101) : la commande est marquée expédiée', error: false },
    ]),
  );
  expect(await screen.findByRole('link', { name: '1ZFAKE0000000101' })).toHaveAttribute('href', shipment.trackingUrl);
  expect(screen.getByRole('button', { name: 'Imprimer l’étiquette' })).toBeInTheDocument();
});

it('keeps UPS’s refusal in the dialog, in French with what to do', async () => {
  const message = "UPS refuse l'adresse de livraison : vérifiez le code postal et la ville de la commande";
  renderPage(<UpsShipDialog orderId={42} number="C2026-00042" onClose={() => undefined} />, {
    api: {
      'GET /shipping/orders/42': toShip,
      'POST /shipping/orders/42/ups': reply(400, { success: false, message, field: 'deliveryAddress' }),
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Créer l’expédition UPS' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(screen.queryByRole('button', { name: 'Imprimer l’étiquette' })).toBeNull();
});

it('without a UPS account, says where to set it and offers no booking', async () => {
  renderPage(<UpsShipDialog orderId={42} number="C2026-00042" onClose={() => undefined} />, {
    api: { 'GET /shipping/orders/42': { ...toShip, accountConfigured: false } },
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('Paramètres › Intégrations › UPS');
  expect(screen.queryByRole('button', { name: 'Créer l’expédition UPS' })).toBeNull();
});

it('after a void, the order can be booked again and the voided label stays listed, not to be used', async () => {
  const voided: UpsShipment = { ...shipment, status: 'voided', voidedAt: '2026-12-07T11:30:00.000Z' };
  renderPage(<UpsShipDialog orderId={42} number="C2026-00042" onClose={() => undefined} />, {
    api: { 'GET /shipping/orders/42': { ...toShip, shipment: null, shipments: [voided] } },
  });
  expect(await screen.findByTestId('ups-voided')).toHaveTextContent(
    /Expédition annulée le 07\/12\/2026 \d{2}:30 : 1ZFAKE0000000101 \(étiquette à ne plus utiliser\)/,
  );
  expect(screen.getByRole('button', { name: 'Créer l’expédition UPS' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: '1ZFAKE0000000101' })).toBeNull();
});
