import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from 'shared-kernel/runtime';
import { DEMO_SHOP, renderPage, reply } from 'shared-kernel/testing';
import SettingsPage from '../SettingsPage';
import type { ShopInfos, ShopInfosBody } from './infos.schema';

const route = '/dashboard/settings?link=infos';
const saved: ShopInfos = {
  code: 'DOMDEM',
  name: 'Domaine de Démo',
  urlShop: 'domaine-demo',
  businessType: 'wine',
  contactEmail: 'contact@domaine-demo.test',
  phone: '06 12 34 56 78',
  address: { street: '12 chemin des Vignes', complement: '', zipcode: '71960', city: 'Pierreclos', country: 'FR' },
  description: 'Un domaine familial en Bourgogne du Sud depuis 1920.',
  socials: { website: 'https://domaine-demo.test', facebook: '', instagram: '', linkedin: '', x: '', youtube: '', tiktok: '' },
  openingHours: {
    monday: '9h-12h, 14h-18h',
    tuesday: '',
    wednesday: '',
    thursday: '',
    friday: '',
    saturday: 'Sur rendez-vous',
    sunday: 'Fermé',
  },
};

/** The error shown under a field (tied to it with aria-describedby). */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? (document.getElementById(ids[0])?.textContent ?? null) : null;
}
const shownIn = (combobox: HTMLElement) => combobox.closest('.ant-select-content')?.getAttribute('title') ?? null;
const putCalls = (page: { api: { callsTo(r: string): Array<{ body?: unknown }> } }) => page.api.callsTo('PUT /shops/me/settings/infos');

async function pick(combobox: HTMLElement, title: string) {
  await userEvent.click(combobox);
  const options = await screen.findAllByTitle(title);
  // the option of the open list (a list opened before stays in the page, hidden)
  const open = options.filter((o) => o.classList.contains('ant-select-item-option') && !o.closest('.ant-select-dropdown-hidden'));
  await userEvent.click(open[open.length - 1] ?? options[options.length - 1]);
}
async function retype(input: HTMLElement, value: string) {
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
  await userEvent.tab();
}
const day = (name: string) => screen.getByRole('group', { name });

it('shows the saved information, the public address and the opening hours of each day', async () => {
  renderPage(<SettingsPage />, { route, session: 'owner', api: { 'GET /shops/me/settings/infos': saved } });
  expect(await screen.findByLabelText(/^Nom de la boutique/)).toHaveValue('Domaine de Démo');
  expect(screen.getByLabelText(/^Nom d’url/)).toHaveValue('domaine-demo');
  expect(screen.getByTestId('public-address')).toHaveTextContent(`${window.location.origin}/domaine-demo`);
  expect(screen.getByRole('link', { name: 'Voir ma boutique' })).toHaveAttribute('href', `${window.location.origin}/domaine-demo`);
  expect(shownIn(screen.getByRole('combobox', { name: /^Type d’activité/ }))).toBe('Vin');
  // the demo shop's product list has its own title (products section)
  expect(
    screen.getByText(
      'La liste de vos produits garde son titre « Nos produits » (section Produits). Boissons alcoolisées : les visiteurs confirment avoir 18 ans, le message sanitaire et les valeurs nutritionnelles sont affichés.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Adresse mail de contact')).toHaveValue('contact@domaine-demo.test');
  expect(screen.getByLabelText('Téléphone')).toHaveValue('06 12 34 56 78');
  expect(screen.getByLabelText('Code postal')).toHaveValue('71960');
  expect(shownIn(screen.getByRole('combobox', { name: 'Pays' }))).toBe('France (FR)');
  expect(screen.getByLabelText('Site internet')).toHaveValue('https://domaine-demo.test');

  // '9h-12h, 14h-18h' is read as two ranges, 'Fermé' as closed, any other text stays a text
  const monday = day('Lundi');
  expect(shownIn(within(monday).getByRole('combobox', { name: 'Lundi' }))).toBe('Ouvert');
  expect(within(monday).getByLabelText('Ouverture (plage 1)')).toHaveValue('09:00');
  expect(within(monday).getByLabelText('Fermeture (plage 2)')).toHaveValue('18:00');
  expect(shownIn(within(day('Dimanche')).getByRole('combobox', { name: 'Dimanche' }))).toBe('Fermé');
  expect(within(day('Samedi')).getByLabelText('Horaires du samedi')).toHaveValue('Sur rendez-vous');
  expect(shownIn(within(day('Mardi')).getByRole('combobox', { name: 'Mardi' }))).toBe('Non renseigné');

  // nothing changed yet: nothing to save
  expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
});

it('the wording follows the business type; the public address follows the url name', async () => {
  const { titleProducts: _title, ...settings } = DEMO_SHOP.settings;
  renderPage(<SettingsPage />, {
    route,
    session: { user: 'owner', shop: { ...DEMO_SHOP, settings } },
    api: { 'GET /shops/me/settings/infos': saved },
  });
  const type = await screen.findByRole('combobox', { name: /^Type d’activité/ });
  const help = () => document.getElementById(`${type.id}-help`)?.textContent;
  expect(help()).toBe(
    'Titre par défaut de la liste de vos produits : « Nos vins ». Boissons alcoolisées : les visiteurs confirment avoir 18 ans, le message sanitaire et les valeurs nutritionnelles sont affichés.',
  );
  expect(screen.getByLabelText(/^Nom de la boutique/)).toHaveAttribute('placeholder', 'Ex. : Domaine des Coteaux');
  await pick(type, 'Bière');
  await waitFor(() =>
    expect(help()).toBe(
      'Titre par défaut de la liste de vos produits : « Nos bières ». Le millésime de vos produits s’appelle le brassin. Boissons alcoolisées : les visiteurs confirment avoir 18 ans, le message sanitaire et les valeurs nutritionnelles sont affichés.',
    ),
  );
  expect(screen.getByLabelText(/^Nom de la boutique/)).toHaveAttribute('placeholder', 'Ex. : Brasserie du Moulin');
  expect(screen.getByLabelText('Description')).toHaveAttribute('placeholder', 'Présentez votre brasserie et vos bières…');
  await pick(type, 'Autre');
  await waitFor(() =>
    expect(help()).toBe(
      'Titre par défaut de la liste de vos produits : « Nos produits ». Pas de confirmation d’âge des visiteurs ni de message sanitaire.',
    ),
  );
  expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();

  await retype(screen.getByLabelText(/^Nom d’url/), 'la-ferme');
  expect(screen.getByTestId('public-address')).toHaveTextContent(`${window.location.origin}/la-ferme`);
});

it('shows the §5 messages under the fields and sends nothing', async () => {
  const page = renderPage(<SettingsPage />, { route, session: 'owner', api: { 'GET /shops/me/settings/infos': saved } });
  const url = await screen.findByLabelText(/^Nom d’url/);
  await retype(url, 'domaine demo');
  await waitFor(() => expect(errorOf(url)).toBe('Seuls les lettres, les chiffres et les caractères _ % - sont autorisés'));
  expect(url).toHaveAttribute('aria-invalid', 'true');
  // the public address stays the saved one while the name is not a valid link
  expect(screen.getByTestId('public-address')).toHaveTextContent(`${window.location.origin}/domaine-demo`);
  await retype(url, 'Dashboard');
  await waitFor(() => expect(errorOf(url)).toBe('Ce nom d’url est réservé, choisissez-en un autre'));

  const name = screen.getByLabelText(/^Nom de la boutique/);
  await retype(name, '');
  await waitFor(() => expect(errorOf(name)).toBe('Ce champ ne peut pas être vide'));
  const phone = screen.getByLabelText('Téléphone');
  await retype(phone, '12');
  await waitFor(() => expect(errorOf(phone)).toBe("Ce numéro n'est pas valide"));
  const mail = screen.getByLabelText('Adresse mail de contact');
  await retype(mail, 'pas-un-mail');
  await waitFor(() => expect(errorOf(mail)).toBe('Le mail est incorrect'));
  const description = screen.getByLabelText('Description');
  await retype(description, 'Court');
  await waitFor(() => expect(errorOf(description)).toBe('Doit contenir plus de 10 caractères et au maximum 5000'));
  const site = screen.getByLabelText('Site internet');
  await retype(site, 'domaine.fr');
  await waitFor(() => expect(errorOf(site)).toBe("L'url n'est pas valide"));

  // hours: the closing must follow the opening
  const closes = within(day('Lundi')).getByLabelText('Fermeture (plage 1)');
  fireEvent.change(closes, { target: { value: '08:00' } });
  fireEvent.blur(closes);
  await waitFor(() => expect(errorOf(closes)).toBe('La fermeture doit suivre l’ouverture'));

  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(errorOf(url)).toBe('Ce nom d’url est réservé, choisissez-en un autre'));
  expect(putCalls(page)).toHaveLength(0);
});

it('an url name another shop has (409) goes under the url name', async () => {
  const message = 'Ce nom d’url est déjà utilisé par une autre boutique';
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /shops/me/settings/infos': saved,
      'PUT /shops/me/settings/infos': () => reply(409, { success: false, message, field: 'urlShop' }),
    },
  });
  const url = await screen.findByLabelText(/^Nom d’url/);
  await retype(url, 'brasserie-demo');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(errorOf(url)).toBe(message));
  expect(putCalls(page)).toHaveLength(1);
  expect(errorOf(screen.getByLabelText(/^Nom de la boutique/))).toBeNull();
  expect(page.snackbars()).toEqual([]);
  expect(useSession.getState().shop?.urlShop).toBe('domaine-demo');
});

it('an api error on a day’s hours goes under that day', async () => {
  const message = 'Doit contenir au maximum 100 caractères';
  renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /shops/me/settings/infos': saved,
      'PUT /shops/me/settings/infos': () => reply(400, { success: false, message, field: 'openingHours.saturday' }),
    },
  });
  const text = await within(await screen.findByRole('group', { name: 'Samedi' })).findByLabelText('Horaires du samedi');
  await retype(text, 'Sur rendez-vous uniquement');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(errorOf(text)).toBe(message));
});

it('saves the body the api expects, refreshes the session’s shop and shows the success message', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /shops/me/settings/infos': saved,
      'PUT /shops/me/settings/infos': (req) => {
        const body = req.body as ShopInfosBody;
        return {
          ...body,
          code: 'DOMDEM',
          shop: { ...DEMO_SHOP, name: body.name, urlShop: body.urlShop, businessType: body.businessType },
          message: 'Paramètres enregistrés',
        };
      },
    },
  });
  await retype(await screen.findByLabelText(/^Nom de la boutique/), '  Domaine des Coteaux  ');
  await retype(screen.getByLabelText(/^Nom d’url/), 'coteaux');
  await pick(screen.getByRole('combobox', { name: /^Type d’activité/ }), 'Champagne');
  await retype(screen.getByLabelText('Ville'), 'Pierreclos-le-Haut');
  await retype(screen.getByLabelText('Instagram'), 'https://instagram.com/coteaux');

  // Tuesday: open, 9h-12h proposed, then an afternoon range
  const tuesday = day('Mardi');
  await pick(within(tuesday).getByRole('combobox', { name: 'Mardi' }), 'Ouvert');
  expect(await within(tuesday).findByLabelText('Ouverture (plage 1)')).toHaveValue('09:00');
  await userEvent.click(within(tuesday).getByRole('button', { name: 'Ajouter une plage (Mardi)' }));
  expect(within(tuesday).getByLabelText('Ouverture (plage 2)')).toHaveValue('14:00');
  fireEvent.change(within(tuesday).getByLabelText('Fermeture (plage 2)'), { target: { value: '19:30' } });
  // Monday: its afternoon range removed; Saturday closed
  await userEvent.click(within(day('Lundi')).getByRole('button', { name: 'Retirer la plage 2 (Lundi)' }));
  await pick(within(day('Samedi')).getByRole('combobox', { name: 'Samedi' }), 'Fermé');

  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(putCalls(page)).toHaveLength(1));
  expect(putCalls(page)[0].body).toEqual({
    name: 'Domaine des Coteaux',
    urlShop: 'coteaux',
    businessType: 'champaign',
    contactEmail: 'contact@domaine-demo.test',
    phone: '06 12 34 56 78',
    address: { street: '12 chemin des Vignes', complement: '', zipcode: '71960', city: 'Pierreclos-le-Haut', country: 'FR' },
    description: 'Un domaine familial en Bourgogne du Sud depuis 1920.',
    socials: {
      website: 'https://domaine-demo.test',
      facebook: '',
      instagram: 'https://instagram.com/coteaux',
      linkedin: '',
      x: '',
      youtube: '',
      tiktok: '',
    },
    openingHours: {
      monday: '9h00-12h00',
      tuesday: '9h00-12h00, 14h00-19h30',
      wednesday: '',
      thursday: '',
      friday: '',
      saturday: 'Fermé',
      sunday: 'Fermé',
    },
  });
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Paramètres enregistrés', error: false }));
  // the header reads the session's shop
  expect(useSession.getState().shop).toMatchObject({ name: 'Domaine des Coteaux', urlShop: 'coteaux', businessType: 'champaign' });
  expect(screen.getByLabelText(/^Nom de la boutique/)).toHaveValue('Domaine des Coteaux');
  expect(screen.getByRole('link', { name: 'Voir ma boutique' })).toHaveAttribute('href', `${window.location.origin}/coteaux`);
  expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
});

it('the iam reads the information without changing it', async () => {
  renderPage(<SettingsPage />, { route, session: 'iam', api: { 'GET /shops/me/settings/infos': saved } });
  expect(await screen.findByText('Seul le propriétaire de la boutique peut modifier ces informations.')).toBeInTheDocument();
  expect(screen.getByLabelText(/^Nom de la boutique/)).toBeDisabled();
  expect(screen.getByLabelText(/^Nom d’url/)).toBeDisabled();
  expect(within(day('Lundi')).getByLabelText('Ouverture (plage 1)')).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
});

it('a load error offers to retry', async () => {
  let fail = true;
  renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /shops/me/settings/infos': () => (fail ? reply(500, { success: false, message: 'Service indisponible' }) : saved),
    },
  });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Service indisponible');
  fail = false;
  await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByLabelText(/^Nom de la boutique/)).toHaveValue('Domaine de Démo');
});
