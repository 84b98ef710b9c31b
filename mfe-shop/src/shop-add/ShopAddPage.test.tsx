import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import ShopAddPage from './ShopAddPage';

const created = {
  shop: { id: 12, name: 'Château des Essais', urlShop: 'chateau-des-essais' },
  message: 'Boutique « Château des Essais » créée : une invitation a été envoyée à paul@example.test',
};

async function fill() {
  await userEvent.click(screen.getByRole('radio', { name: 'Cidre' }));
  await userEvent.type(screen.getByLabelText(/^Nom de la boutique/), 'Château des Essais');
  await userEvent.type(screen.getByLabelText(/^Prénom/), 'Paul');
  await userEvent.type(screen.getByLabelText(/^Nom$|^Nom\s*\*/), 'Vigneron');
  await userEvent.type(screen.getByLabelText(/^Adresse e-mail/), 'paul@example.test');
}

it('an agent opens a producer’s shop: the body sent, the invitation said, a link to the new shop', async () => {
  const page = renderPage(<ShopAddPage />, { route: '/shops/add', api: { 'POST /agent/shops': created } });
  await fill();
  await userEvent.click(screen.getByRole('button', { name: 'Créer la boutique et inviter le producteur' }));
  expect(await screen.findByText('Boutique créée')).toBeInTheDocument();
  expect(page.api.callsTo('POST /agent/shops')[0].body).toEqual({
    businessType: 'cider',
    shopName: 'Château des Essais',
    ownerFirstname: 'Paul',
    ownerLastname: 'Vigneron',
    ownerEmail: 'paul@example.test',
  });
  expect(screen.getByRole('link', { name: 'Voir la boutique' })).toHaveAttribute('href', '/chateau-des-essais');
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: created.message, error: false }]));
});

it('an email already used: the message under the owner’s email, nothing created', async () => {
  renderPage(<ShopAddPage />, {
    route: '/shops/add',
    api: {
      'POST /agent/shops': () =>
        reply(409, { success: false, message: 'Un compte existe déjà avec cette adresse mail', field: 'ownerEmail' }),
    },
  });
  await fill();
  await userEvent.click(screen.getByRole('button', { name: 'Créer la boutique et inviter le producteur' }));
  expect(await screen.findByText('Un compte existe déjà avec cette adresse mail')).toBeInTheDocument();
  expect(screen.queryByText('Boutique créée')).toBeNull();
});

it('says what is missing before sending', async () => {
  const page = renderPage(<ShopAddPage />, { route: '/shops/add', api: { 'POST /agent/shops': created } });
  await userEvent.click(await screen.findByRole('button', { name: 'Créer la boutique et inviter le producteur' }));
  expect((await screen.findAllByText(/obligatoire|Ce champ/)).length).toBeGreaterThan(0);
  expect(page.api.callsTo('POST /agent/shops')).toHaveLength(0);
});
