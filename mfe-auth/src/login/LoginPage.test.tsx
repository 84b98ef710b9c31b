import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { configureApi, getSession, resetApiConfig, usePopup } from 'shared-kernel/runtime';
import LoginPage from './LoginPage';
import { initI18n, setLanguage } from 'shared-kernel/i18n';

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/auth/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

// jsdom has no fetch Response: the api client only reads status, ok and text()
const json = (status: number, body: unknown) =>
  ({ status, ok: status < 400, text: async () => JSON.stringify(body) }) as unknown as Response;
const buyer = { id: 7, username: 'Béatrice', email: 'buyer@demo.test', role: 'buyer', shops: [] };
const owner = { id: 2, username: 'Olivier', email: 'owner@demo.test', role: 'owner', shops: [{ id: 1 }] };

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
afterEach(() => {
  resetApiConfig();
  getSession().logout();
});

test('the submit button stays disabled until both fields are filled', async () => {
  renderAt('/auth/login');
  const button = screen.getByRole('button', { name: 'Se connecter' });
  expect(button).toBeDisabled();
  await userEvent.type(screen.getByLabelText("E-mail ou nom d'utilisateur"), 'buyer@demo.test');
  expect(button).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Mot de passe'), 'x');
  expect(button).toBeEnabled();
});

test('wrong credentials show the spec message and keep the visitor anonymous', async () => {
  configureApi({ fetch: async () => json(401, { success: false, message: 'Le mail et/ou le mot de passe sont incorrects.' }) });
  renderAt('/auth/login');
  await userEvent.type(screen.getByLabelText("E-mail ou nom d'utilisateur"), 'buyer@demo.test');
  await userEvent.type(screen.getByLabelText('Mot de passe'), 'nope');
  await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
  expect(await screen.findByText('Le mail et/ou le mot de passe sont incorrects.')).toBeInTheDocument();
  expect(getSession().user).toBeNull();
});

test('a buyer lands on the safe redirectLink', async () => {
  const calls: string[] = [];
  configureApi({
    fetch: async (url, init) => {
      calls.push(`${init.method} ${url} ${init.body ?? ''}`);
      return json(200, { user: buyer, jwt: 'j', masterAccount: null });
    },
  });
  renderAt('/auth/login?redirectLink=%2Fdashboard%2Forders%3Fpage%3D2');
  await userEvent.type(screen.getByLabelText("E-mail ou nom d'utilisateur"), 'buyer@demo.test');
  await userEvent.type(screen.getByLabelText('Mot de passe'), 'Buyer1234');
  await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/orders?page=2'));
  expect(calls[0]).toBe('POST /v1/auth/login {"email":"buyer@demo.test","password":"Buyer1234"}');
  expect(getSession().user?.email).toBe('buyer@demo.test');
});

test('an unsafe redirectLink is dropped and an owner gets their shop fetched', async () => {
  const shop = { id: 1, code: 'DEMO01', name: 'Domaine de Démo' };
  configureApi({
    fetch: async (url) => (String(url).endsWith('/shops/me') ? json(200, shop) : json(200, { user: owner, jwt: 'j', masterAccount: null })),
  });
  renderAt('/auth/login?redirectLink=%2F%2Fevil.example');
  await userEvent.type(screen.getByLabelText("E-mail ou nom d'utilisateur"), 'Olivier');
  await userEvent.type(screen.getByLabelText('Mot de passe'), 'Owner1234');
  await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/));
  expect(getSession().shop?.name).toBe('Domaine de Démo');
});

test('an account whose address is not validated logs in, and is told so with a way to resend the link', async () => {
  const calls: string[] = [];
  configureApi({
    fetch: async (url, init) => {
      calls.push(`${init.method} ${url} ${init.body ?? ''}`);
      if (url.endsWith('/auth/login')) return json(200, { user: { ...buyer, emailValidated: false }, jwt: 'j', masterAccount: null });
      return json(200, {
        success: true,
        message: "Si un compte non validé existe avec cette adresse, un nouveau lien de validation vient d'être envoyé.",
      });
    },
  });
  renderAt('/auth/login');
  await userEvent.type(screen.getByLabelText("E-mail ou nom d'utilisateur"), 'buyer@demo.test');
  await userEvent.type(screen.getByLabelText('Mot de passe'), 'Buyer1234');
  await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
  expect(getSession().user?.emailValidated).toBe(false);
  const popup = usePopup.getState().popup!;
  expect(popup).toMatchObject({ title: "Votre adresse mail n'est pas encore validée.", okText: 'Renvoyer le lien', cancelText: 'Fermer' });
  await popup.onOk!();
  expect(calls[1]).toBe('POST /v1/auth/validate/resend {"email":"buyer@demo.test"}');
  usePopup.getState().close();
});

test('a validated account gets no reminder', async () => {
  configureApi({ fetch: async () => json(200, { user: { ...buyer, emailValidated: true }, jwt: 'j', masterAccount: null }) });
  renderAt('/auth/login');
  await userEvent.type(screen.getByLabelText("E-mail ou nom d'utilisateur"), 'buyer@demo.test');
  await userEvent.type(screen.getByLabelText('Mot de passe'), 'Buyer1234');
  await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
  expect(usePopup.getState().popup).toBeNull();
});

test('the login page in English', async () => {
  await setLanguage('en');
  try {
    configureApi({ fetch: async () => json(401, { success: false, message: 'Le mail et/ou le mot de passe sont incorrects.' }) });
    renderAt('/auth/login');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email or username'), 'x@y.fr');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email and/or the password are incorrect.')).toBeInTheDocument();
  } finally {
    await setLanguage('fr');
  }
});
