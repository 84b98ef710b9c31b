import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { initI18n } from 'shared-kernel/i18n';
import { getSession, resetApiConfig } from 'shared-kernel/runtime';
import { resetCaptchaConfig } from '../captcha/useCaptcha';
import { fakeApi, json } from '../test-utils';
import { AgentRegisterPage, BuyerRegisterPage, registerBody, requiredFields, SellerRegisterPage } from './RegisterPage';

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/auth/register/buyer" element={<BuyerRegisterPage />} />
        <Route path="/auth/register-wineriz/seller" element={<SellerRegisterPage />} />
        <Route path="/auth/register-wineriz/agent" element={<AgentRegisterPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
afterEach(() => {
  resetApiConfig();
  resetCaptchaConfig();
  getSession().logout();
});

async function fillBuyer(pwd = 'Secret12') {
  await userEvent.type(screen.getByLabelText('Prénom'), 'Claire');
  await userEvent.type(screen.getByLabelText('Nom'), 'Dupont');
  await userEvent.type(screen.getByLabelText('E-mail'), 'claire@example.test');
  await userEvent.type(screen.getByLabelText('Mot de passe'), pwd);
  await userEvent.type(screen.getByLabelText('Confirmation du mot de passe'), pwd);
}

test('the buyer form stays disabled until the required inputs are filled', async () => {
  renderAt('/auth/register/buyer');
  const submit = screen.getByRole('button', { name: 'Créer mon compte' });
  expect(submit).toBeDisabled();
  await fillBuyer();
  expect(submit).toBeEnabled();
  await userEvent.click(screen.getByText('Professionnel'));
  expect(submit).toBeDisabled();
  expect(screen.getByLabelText('Société')).toBeInTheDocument();
  expect(screen.getByLabelText('SIRET')).toBeInTheDocument();
});

test('shows the §5 messages: names, email, password, SIRET, adult and terms', async () => {
  renderAt('/auth/register/buyer');
  await userEvent.type(screen.getByLabelText('Prénom'), 'R2D2');
  await userEvent.type(screen.getByLabelText('E-mail'), 'nope');
  await userEvent.type(screen.getByLabelText('Mot de passe'), 'secret');
  await userEvent.type(screen.getByLabelText('Confirmation du mot de passe'), 'other');
  await userEvent.click(screen.getByText('Professionnel'));
  await userEvent.type(screen.getByLabelText('SIRET'), '12345678901234');
  await userEvent.tab();
  expect(await screen.findByText('Seules les lettres et les espaces sont autorisés (moins de 50 caractères)')).toBeInTheDocument();
  expect(screen.getByText('Le mail est incorrect')).toBeInTheDocument();
  expect(screen.getByText('Doit contenir une majuscule et plus de 5 caractères')).toBeInTheDocument();
  expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
  expect(screen.getByText('Le numéro SIRET est invalide')).toBeInTheDocument();
});

test('submitting without the checkboxes asks for the adult certification and the terms, and sends nothing', async () => {
  const calls = fakeApi(async () => json(201, {}));
  renderAt('/auth/register/buyer');
  await fillBuyer();
  await userEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
  expect(await screen.findByText('Vous devez certifier avoir plus de 18 ans')).toBeInTheDocument();
  expect(screen.getByText("Veuillez accepter les conditions générales d'utilisation")).toBeInTheDocument();
  expect(calls).toEqual([]);
});

test('a buyer registers and is told to validate the address', async () => {
  const bodies: unknown[] = [];
  fakeApi(async (_url, init) => {
    bodies.push(JSON.parse(String(init.body)));
    return json(201, { success: true, message: 'Votre compte a été créé. Un mail de validation vous a été envoyé.' });
  });
  renderAt('/auth/register/buyer?id=DOMDEM');
  await fillBuyer();
  await userEvent.click(screen.getByText('Je certifie avoir plus de 18 ans'));
  await userEvent.click(screen.getByText("J'accepte les conditions générales d'utilisation"));
  await userEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
  expect(await screen.findAllByText('Votre compte a été créé. Un mail de validation vous a été envoyé.')).not.toHaveLength(0);
  expect(bodies[0]).toMatchObject({ type: 'buyer', isPro: false, email: 'claire@example.test', adult: true, terms: true, language: 'fr' });
  // no captcha configured: no widget, no token
  expect(bodies[0]).not.toHaveProperty('captchaToken');
  expect(screen.queryByRole('group', { name: 'Vérification anti-robot' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/auth/login?id=DOMDEM');
});

test('a server error naming a field shows under that field', async () => {
  fakeApi(async () => json(409, { success: false, message: 'Un compte existe déjà avec cette adresse mail', field: 'email' }));
  renderAt('/auth/register/buyer');
  await fillBuyer();
  await userEvent.click(screen.getByText('Je certifie avoir plus de 18 ans'));
  await userEvent.click(screen.getByText("J'accepte les conditions générales d'utilisation"));
  await userEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
  expect(await screen.findByText('Un compte existe déjà avec cette adresse mail')).toBeInTheDocument();
});

test('a seller is logged in and lands on the dashboard of the new shop', async () => {
  const owner = { id: 9, username: 'Paul Vigneron', email: 'paul@example.test', role: 'owner', shops: [{ id: 5, authorizations: null }] };
  const shop = { id: 5, code: 'CHAPAU', name: 'Champagne Paul' };
  const calls = fakeApi(async (url) =>
    url.endsWith('/auth/register')
      ? json(201, { success: true, message: 'ok', user: owner, jwt: 'jwt-1', masterAccount: null })
      : json(200, shop),
  );
  renderAt('/auth/register-wineriz/seller');
  const submit = screen.getByRole('button', { name: 'Créer mon compte' });
  await userEvent.type(screen.getByLabelText('Nom de votre domaine ou entreprise'), 'Champagne Paul');
  await fillBuyer();
  await userEvent.type(screen.getByLabelText('Téléphone mobile'), '0612345678');
  expect(submit).toBeDisabled(); // business type still empty
  await userEvent.click(screen.getByText('Champagne'));
  expect(submit).toBeEnabled();
  await userEvent.click(screen.getByText('Je certifie avoir plus de 18 ans'));
  await userEvent.click(screen.getByText("J'accepte les conditions générales d'utilisation"));
  await userEvent.click(submit);
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
  expect(calls).toEqual(['POST /v1/auth/register', 'GET /v1/shops/me']);
  expect(getSession()).toMatchObject({ jwt: 'jwt-1', user: { role: 'owner' }, shop: { code: 'CHAPAU' } });
});

test('the agent form requires a valid mobile phone', async () => {
  renderAt('/auth/register-wineriz/agent');
  await userEvent.type(screen.getByLabelText('Téléphone mobile'), '0123');
  await userEvent.tab();
  expect(await screen.findByText("Ce numéro n'est pas valide")).toBeInTheDocument();
});

test('requiredFields and registerBody per kind of account', () => {
  expect(requiredFields('buyer', true)).toEqual(expect.arrayContaining(['company', 'siret']));
  expect(requiredFields('seller', false)).toEqual(expect.arrayContaining(['shopName', 'businessType', 'phone']));
  const v = {
    isPro: true,
    firstname: ' A ',
    lastname: 'B',
    email: 'a@b.fr ',
    phone: '',
    company: 'Cave',
    siret: '732 829 320 00074',
    shopName: 'x',
    businessType: 'wine',
    password: 'Secret12',
    confirm: 'Secret12',
    adult: true,
    terms: true,
  };
  expect(registerBody('buyer', v, 'fr')).toEqual({
    type: 'buyer',
    firstname: 'A',
    lastname: 'B',
    email: 'a@b.fr',
    password: 'Secret12',
    adult: true,
    terms: true,
    language: 'fr',
    isPro: true,
    company: 'Cave',
    siret: '73282932000074',
  });
});
