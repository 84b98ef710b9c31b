import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TariffGrid, TariffRow } from 'shared-kernel/contracts';
import { renderPage } from 'shared-kernel/testing';
import TariffsPage from './TariffsPage';

const typologies = [
  { id: 'particulier', name: 'Particulier', public: true, ttc: true, globalDiscount: 0, allRulesInEq75: false },
  { id: 'professionnel', name: 'Professionnel', public: false, ttc: false, globalDiscount: 0, allRulesInEq75: false },
];
const rows: TariffRow[] = [
  {
    formatId: 11,
    productId: 1,
    productName: 'Les Galets Rouges',
    productType: 'bottle',
    type: 'stillWine',
    gamme: 'Tradition',
    vintage: '2022',
    formatLabel: 'Bouteille 75 cl',
    prices: { particulier: { priceCents: 1250, visible: true }, professionnel: { priceCents: 833, visible: true } },
  },
  {
    formatId: 12,
    productId: 2,
    productName: 'Rouge de Soif',
    productType: 'bottle',
    type: 'stillWine',
    gamme: null,
    vintage: null,
    formatLabel: 'Magnum 150 cl',
    prices: { particulier: { priceCents: 2000, visible: true }, professionnel: null },
  },
];
const gridOf = (items: TariffRow[] = rows): TariffGrid => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 10,
  typologies,
  facets: { gammes: ['Tradition'], types: ['stillWine'], productTypes: ['bottle'] },
});

it('edits prices in euros with a decimal comma and saves them in cents in one call', async () => {
  const page = renderPage(<TariffsPage />, {
    route: '/dashboard/tarifs?pageSize=10',
    api: {
      'GET /tariffs/grid': () => gridOf(),
      'PUT /tariffs/prices': (req) => ({
        success: true,
        updated: (req.body as { prices: unknown[] }).prices.length,
        message: '2 prix enregistrés',
      }),
    },
  });
  const cell = await screen.findByLabelText('Prix Particulier (TTC) — Les Galets Rouges 2022 Bouteille 75 cl');
  expect(cell).toHaveValue('12,50');
  await userEvent.clear(cell);
  await userEvent.type(cell, '13,90');
  const pro = screen.getByLabelText('Prix Professionnel (HT) — Rouge de Soif Magnum 150 cl');
  await userEvent.type(pro, '15');
  expect(await screen.findByText('2 prix modifiés')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les prix' }));
  await waitFor(() => expect(page.calls.find((c) => c.method === 'PUT')).toBeDefined());
  expect(page.calls.find((c) => c.method === 'PUT')!.body).toEqual({
    prices: [
      { formatId: 11, typology: 'particulier', priceCents: 1390 },
      { formatId: 12, typology: 'professionnel', priceCents: 1500 },
    ],
  });
  await waitFor(() => expect(screen.queryByText('2 prix modifiés')).toBeNull());
});

it('previews a percentage on the selected rows before applying it', async () => {
  const page = renderPage(<TariffsPage />, {
    route: '/dashboard/tarifs?pageSize=10',
    api: {
      'GET /tariffs/grid': () => gridOf(rows.slice(0, 1)),
      'POST /tariffs/increase': (req) => {
        const body = req.body as { preview?: boolean };
        const changes = [
          {
            formatId: 11,
            typology: 'particulier',
            productName: 'Les Galets Rouges',
            vintage: '2022',
            formatLabel: 'Bouteille 75 cl',
            oldCents: 1250,
            newCents: 1313,
          },
        ];
        return body.preview ? { changes, applied: false } : { changes, applied: true, message: '1 prix enregistré' };
      },
    },
  });
  await screen.findByText('Les Galets Rouges');
  const table = screen.getByRole('table');
  const [, first] = within(table).getAllByRole('checkbox');
  await userEvent.click(first);
  await userEvent.click(await screen.findByRole('button', { name: 'Variation en % sur la sélection' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Sur les 1 format sélectionné')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByLabelText('Professionnel (HT)'));
  await userEvent.type(within(dialog).getByLabelText('Pourcentage'), '5');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Prévisualiser' }));
  expect(await within(dialog).findByText('1 prix changent')).toBeInTheDocument();
  expect(within(dialog).getByRole('list', { name: 'Ancien → nouveau' })).toHaveTextContent('12,50 € → 13,13 €');
  expect(page.calls.filter((c) => c.method === 'POST')[0].body).toEqual({
    formatIds: [11],
    typologies: ['particulier'],
    percent: 5,
    preview: true,
  });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
  await waitFor(() => expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
  expect(page.calls.filter((c) => c.method === 'POST')[1].body).toMatchObject({ preview: false, percent: 5 });
});

it('shows the import preview with its errors per line and does not offer to apply it', async () => {
  renderPage(<TariffsPage />, {
    route: '/dashboard/tarifs?pageSize=10',
    api: {
      'GET /tariffs/grid': () => gridOf(rows.slice(0, 1)),
      'POST /tariffs/import/preview': (req) => {
        expect((req.body as { filename: string }).filename).toBe('tarifs.csv');
        return {
          lines: 3,
          applied: false,
          changes: [
            {
              formatId: 11,
              typology: 'particulier',
              productName: 'Les Galets Rouges',
              vintage: '2022',
              formatLabel: 'Bouteille 75 cl',
              oldCents: 1250,
              newCents: 1790,
              line: 2,
            },
          ],
          errors: [
            { line: 3, column: 'Id format', message: 'Id format inconnu : « 999 »' },
            { line: 4, column: 'Particulier (TTC)', message: "Particulier (TTC) : « douze » n'est pas un montant valide" },
          ],
        };
      },
    },
  });
  await screen.findByText('Les Galets Rouges');
  await userEvent.click(screen.getByRole('button', { name: 'Importer' }));
  const dialog = await screen.findByRole('dialog');
  const file = new File(['Id format;Particulier (TTC)\n11;17,90'], 'tarifs.csv', { type: 'text/csv' });
  fireEvent.change(within(dialog).getByLabelText('Fichier CSV ou XLSX'), { target: { files: [file] } });
  expect(await within(dialog).findByText('2 erreurs : corrigez le fichier puis choisissez-le à nouveau')).toBeInTheDocument();
  expect(within(dialog).getByText('Ligne 3 : Id format inconnu : « 999 »')).toBeInTheDocument();
  expect(within(dialog).getByText("Ligne 4 : Particulier (TTC) : « douze » n'est pas un montant valide")).toBeInTheDocument();
  expect(within(dialog).getByRole('list', { name: 'Ancien → nouveau' })).toHaveTextContent(
    'Ligne 2 · Les Galets Rouges 2022 Bouteille 75 cl · Particulier : 12,50 € → 17,90 €',
  );
  expect(within(dialog).getByRole('button', { name: 'Importer ces prix' })).toBeDisabled();
});
