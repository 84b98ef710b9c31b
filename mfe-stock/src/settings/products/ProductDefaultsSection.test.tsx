import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';

const defaults = {
  vatType: 'standard',
  format: { unity: 'litre', value: 75, container: 'bottle', packing: null, packingQuantity: 1 },
  visibleTypologies: ['particulier', 'professionnel'],
  titleProducts: 'Nos produits',
  allRulesInEq75: false,
};
const typologies = [
  { id: 'particulier', name: 'Particulier', public: true, ttc: true, globalDiscount: 0, allRulesInEq75: false, clients: 0, prices: 4 },
  {
    id: 'professionnel',
    name: 'Professionnel',
    public: false,
    ttc: false,
    globalDiscount: 0,
    allRulesInEq75: false,
    clients: 1,
    prices: 4,
  },
];

it('edits the product defaults and saves them', async () => {
  const page = renderPage(<SettingsPage />, {
    route: '/dashboard/settings?link=products',
    api: {
      'GET /tariffs/product-defaults': () => defaults,
      'GET /tariffs/typologies': () => typologies,
      'PUT /tariffs/product-defaults': (req) => ({ ...(req.body as object), message: 'Les réglages des produits ont été enregistrés' }),
    },
  });
  const title = await screen.findByLabelText('Titre de la liste des produits');
  expect(title).toHaveValue('Nos produits');
  await userEvent.clear(title);
  await userEvent.type(title, 'Nos vins');
  const value = screen.getByLabelText(/^Contenance/);
  await userEvent.clear(value);
  await userEvent.tab();
  expect(await screen.findByText('Doit être un nombre')).toBeInTheDocument();
  await userEvent.type(value, '150');
  await userEvent.type(screen.getByLabelText('Colisage'), 'Caisse bois');
  await userEvent.click(screen.getByRole('switch', { name: 'Règles de quantité en équivalent 75 cl' }));
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.calls.find((c) => c.method === 'PUT')).toBeDefined());
  expect(page.calls.find((c) => c.method === 'PUT')!.body).toEqual({
    vatType: 'standard',
    format: { unity: 'litre', value: 150, container: 'bottle', packing: 'Caisse bois', packingQuantity: 1 },
    visibleTypologies: ['particulier', 'professionnel'],
    titleProducts: 'Nos vins',
    allRulesInEq75: true,
  });
});
