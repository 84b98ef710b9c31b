import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { configureApi, getSession, resetApiConfig, resetContributions, useSession } from 'shared-kernel/runtime';
import { initI18n } from 'shared-kernel/i18n';
import { settingsSections } from '../routes';
import SettingsPage from './SettingsPage';
import { SECTIONS } from './sections';
import { moduleOf, OTHER_SECTIONS, provideRegistry } from './test-registry';

const json = (status: number, body: unknown) =>
  ({ status, ok: status < 400, text: async () => JSON.stringify(body) }) as unknown as Response;
const buyer = {
  id: 7,
  username: 'Béatrice',
  email: 'buyer@demo.test',
  role: 'buyer' as const,
  shops: [],
  firstname: 'Béatrice',
  lastname: 'Acheteuse',
};

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/dashboard/settings" element={<SettingsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
beforeEach(() => {
  getSession().setLogin({ user: buyer, jwt: 'old', masterAccount: null });
  provideRegistry();
});
afterEach(() => {
  resetApiConfig();
  resetContributions();
  getSession().logout();
});

test('every section of the spec is a built screen (no dead page)', () => {
  expect(settingsSections.filter((s) => !SECTIONS[s.key])).toEqual([]);
  expect(Object.keys(SECTIONS).sort()).toEqual(settingsSections.map((s) => s.key).sort());
  // with the other remotes' (billing, delivery, documents of mfe-sales…), each at its own place in the menu
  const all = [...settingsSections, ...Object.values(OTHER_SECTIONS).flat()];
  expect(all).toHaveLength(15);
  expect(new Set(all.map((s) => s.key)).size).toBe(15);
  expect(new Set(all.map((s) => s.order)).size).toBe(15);
});

test('lists the sections of every remote in the menu order, and opens mfe-sales’ from its module', async () => {
  useSession.setState({ user: { ...buyer, role: 'owner', shops: [{ id: 1 }] } });
  renderAt('/dashboard/settings?link=billing');
  expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual([
    'Mon compte',
    'Informations',
    'Typologies',
    'CRM',
    'Produits',
    'Facturation',
    'Livraison',
    'Rôles',
    'Comptabilité',
    'Campagnes',
    'Grilles de correspondance',
    'Iframes',
    'Intégrations',
    'Promotions',
    'Documents',
  ]);
  expect(await screen.findByText('Section billing de mfe-sales')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Paramètres — Facturation');
});

test('mfe-sales down: its sections are hidden with a notice, mfe-auth’s keep working', async () => {
  useSession.setState({ user: { ...buyer, role: 'owner', shops: [{ id: 1 }] } });
  provideRegistry(async (remote) => {
    if (remote === 'mfe_sales') throw new Error('mfe_sales: remoteEntry.js unreachable');
    return moduleOf(remote);
  });
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  renderAt('/dashboard/settings?link=delivery');
  expect(
    await screen.findByText('Certains réglages sont momentanément indisponibles. Réessayez dans quelques instants.'),
  ).toBeInTheDocument();
  const links = screen.getAllByRole('link').map((a) => a.textContent);
  expect(links).toHaveLength(12);
  expect(links).not.toContain('Livraison');
  expect(links).toContain('Mon compte');
  expect(screen.queryByText('Vous n’avez pas accès à cette section des paramètres.')).toBeNull();
  await userEvent.click(screen.getByRole('link', { name: 'Mon compte' }));
  expect(await screen.findByRole('button', { name: 'Changer le mot de passe' })).toBeInTheDocument();
  error.mockRestore();
});

test('an unknown section shows the choice of sections', () => {
  useSession.setState({ user: { ...buyer, role: 'owner', shops: [{ id: 1 }] } });
  renderAt('/dashboard/settings?link=nope');
  expect(screen.getByRole('link', { name: 'Informations' })).toBeInTheDocument();
  expect(screen.getByText('Choisissez une section.')).toBeInTheDocument();
});

test('a buyer only sees the account section', () => {
  renderAt('/dashboard/settings?link=account');
  expect(screen.getByRole('link', { name: 'Mon compte' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Facturation' })).toBeNull();
});

test('a wrong current password is reported; a right one stores the fresh token', async () => {
  let answer = json(400, { success: false, message: 'Le mot de passe actuel est incorrect', field: 'currentPassword' });
  configureApi({ fetch: async () => answer });
  renderAt('/dashboard/settings?link=account');
  const submit = screen.getByRole('button', { name: 'Changer le mot de passe' });
  expect(submit).toBeDisabled();
  const [current] = screen.getAllByLabelText('Mot de passe actuel').slice(-1);
  await userEvent.type(current, 'Wrong1234');
  await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau123');
  await userEvent.type(screen.getByLabelText('Confirmation du mot de passe'), 'Nouveau123');
  await userEvent.click(submit);
  expect(await screen.findByText('Le mot de passe actuel est incorrect')).toBeInTheDocument();
  answer = json(200, { success: true, message: 'Votre mot de passe a été modifié', jwt: 'fresh' });
  await userEvent.clear(current);
  await userEvent.type(current, 'Buyer1234');
  await userEvent.click(submit);
  expect(await screen.findByText('Votre mot de passe a été modifié')).toBeInTheDocument();
  await waitFor(() => expect(getSession().jwt).toBe('fresh'));
});

test('the new password must meet the §5 rule', async () => {
  renderAt('/dashboard/settings?link=account');
  await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), 'abc');
  await userEvent.tab();
  expect(await screen.findByText('Doit contenir une majuscule et plus de 5 caractères')).toBeInTheDocument();
});

test('the email change says a validation mail was sent', async () => {
  const bodies: unknown[] = [];
  configureApi({
    fetch: async (_u, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return json(200, { success: true, message: 'Un mail de validation a été envoyé à la nouvelle adresse.' });
    },
  });
  renderAt('/dashboard/settings?link=account');
  await userEvent.type(screen.getByLabelText('Nouvelle adresse mail'), 'new@example.test');
  await userEvent.type(screen.getAllByLabelText('Mot de passe actuel')[0], 'Buyer1234');
  await userEvent.click(screen.getByRole('button', { name: "Changer d'adresse" }));
  expect(await screen.findByText('Un mail de validation a été envoyé à la nouvelle adresse.')).toBeInTheDocument();
  expect(bodies).toEqual([{ email: 'new@example.test', password: 'Buyer1234' }]);
});

describe('unvalidated email address', () => {
  beforeEach(() => sessionStorage.clear());

  test('a validated account sees no banner', () => {
    useSession.setState({ user: { ...buyer, emailValidated: true } });
    renderAt('/dashboard/settings?link=account');
    expect(screen.queryByText("Votre adresse mail n'est pas encore validée.")).toBeNull();
  });

  test('the banner offers to resend the link (to the account address), then can be closed for the session', async () => {
    useSession.setState({ user: { ...buyer, emailValidated: false } });
    const bodies: Array<{ url: string; body: unknown }> = [];
    configureApi({
      fetch: async (url, init) => {
        bodies.push({ url, body: JSON.parse(String(init.body)) });
        return json(200, {
          success: true,
          message: "Si un compte non validé existe avec cette adresse, un nouveau lien de validation vient d'être envoyé.",
        });
      },
    });
    const view = renderAt('/dashboard/settings?link=account');
    expect(screen.getByText("Votre adresse mail n'est pas encore validée.")).toBeInTheDocument();
    expect(screen.getByText("Ouvrez le lien envoyé à l'adresse buyer@demo.test. Vous ne l'avez pas reçu ?")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Renvoyer le lien' }));
    expect(
      await screen.findByText("Si un compte non validé existe avec cette adresse, un nouveau lien de validation vient d'être envoyé."),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ url: '/v1/auth/validate/resend', body: { email: 'buyer@demo.test' } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByText("Votre adresse mail n'est pas encore validée.")).toBeNull());
    // closed for this browser session
    view.unmount();
    renderAt('/dashboard/settings?link=account');
    expect(screen.queryByText("Votre adresse mail n'est pas encore validée.")).toBeNull();
  });
});
