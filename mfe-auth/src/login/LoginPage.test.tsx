import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { configureApi, getSession, resetApiConfig } from 'shared-kernel/runtime';
import LoginPage from './LoginPage';

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
