import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';

const route = '/dashboard/settings?link=documents';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'logo', { type });

it('loads the look, checks the logo, saves colour, logo and footer', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /sales/settings/documents': { color: null, logo: null, footer: null },
      'PUT /sales/settings/documents': (call) => ({ ...(call.body as object), message: 'Apparence des documents enregistrée' }),
    },
  });
  expect(await screen.findByText('Aucun logo : le nom de la boutique est imprimé seul.')).toBeInTheDocument();

  const input = screen.getByTestId('documents-logo-input');
  fireEvent.change(input, { target: { files: [file('image/gif', 10)] } });
  expect(await screen.findByText('Le logo doit être une image PNG, JPEG ou WebP')).toBeInTheDocument();
  fireEvent.change(input, { target: { files: [file('image/png', 1_200_000)] } });
  expect(await screen.findByText('Le logo ne doit pas dépasser 1 Mo')).toBeInTheDocument();
  fireEvent.change(input, { target: { files: [file('image/png', 100)] } });
  expect(await screen.findByRole('img', { name: 'Logo des documents' })).toBeInTheDocument();
  expect(screen.queryByText('Le logo ne doit pas dépasser 1 Mo')).not.toBeInTheDocument();

  const color = screen.getByRole('textbox', { name: /^Couleur des titres/ });
  await userEvent.type(color, 'rouge');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Couleur au format #RRGGBB attendue')).toBeInTheDocument();
  await userEvent.clear(color);
  await userEvent.type(color, '#224466');
  await userEvent.type(screen.getByLabelText(/^Pied de page/), 'Merci de votre confiance');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Apparence des documents enregistrée', error: false }]));
  const [put] = page.api.callsTo('PUT /sales/settings/documents');
  expect(put.body).toMatchObject({ color: '#224466', footer: 'Merci de votre confiance' });
  expect(String((put.body as { logo: string }).logo)).toMatch(/^data:image\/png;base64,/);
});

it('a saved logo can be removed; the section is hidden from the iam', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /sales/settings/documents': { color: '#224466', logo: PNG, footer: 'Merci' },
      'PUT /sales/settings/documents': (call) => ({ ...(call.body as object), message: 'Apparence des documents enregistrée' }),
    },
  });
  expect(await screen.findByRole('img', { name: 'Logo des documents' })).toHaveAttribute('src', PNG);
  await userEvent.click(screen.getByRole('button', { name: 'Retirer le logo' }));
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.api.callsTo('PUT /sales/settings/documents')).toHaveLength(1));
  expect(page.api.callsTo('PUT /sales/settings/documents')[0].body).toEqual({ color: '#224466', logo: null, footer: 'Merci' });
  page.unmount();

  const iam = renderPage(<SettingsPage />, { route, session: 'iam', api: {} });
  expect(screen.getByRole('link', { name: 'Typologies' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Documents' })).toBeNull();
  expect(iam.calls).toEqual([]);
});
