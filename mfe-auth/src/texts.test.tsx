import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AUTH_MESSAGES } from 'shared-kernel/contracts';
import { i18n, initI18n } from 'shared-kernel/i18n';
import { getSession, resetApiConfig, useSession } from 'shared-kernel/runtime';
import AdminUsersPage from './admin/AdminUsersPage';
import ApiKeyPage from './api-key/ApiKeyPage';
import { resetCaptchaConfig } from './captcha/useCaptcha';
import { AuthChoicePage, RegisterChoicePage, RegisterWinerizChoicePage } from './common/pages';
import { AgentRegisterPage, SellerRegisterPage } from './register/RegisterPage';
import ResetPasswordPage from './reset/ResetPasswordPage';
import SettingsPage from './settings/SettingsPage';
import { fakeApi, json } from './test-utils';
import { fill, serverText, TEXTS } from './texts';
import ValidatePage from './validate/ValidatePage';

const at = (url: string, page: React.ReactNode) => render(<MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>);

/** Every leaf path of a texts object. */
function leaves(o: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v as Record<string, unknown>, `${prefix}${k}.`),
  );
}

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  resetApiConfig();
  resetCaptchaConfig();
  getSession().logout();
  await i18n.changeLanguage('fr');
});

test('fr and en have the same texts, none empty, and the same placeholders', () => {
  const fr = leaves(TEXTS.fr);
  const en = new Map(leaves(TEXTS.en));
  expect([...en.keys()].sort()).toEqual(fr.map(([k]) => k).sort());
  for (const [key, text] of fr) {
    expect(text.trim()).not.toBe('');
    expect(en.get(key)!.trim()).not.toBe('');
    expect([key, en.get(key)!.match(/\{\{\w+\}\}/g)]).toEqual([key, text.match(/\{\{\w+\}\}/g)]);
  }
});

test('every account message of the api has an English version', () => {
  for (const m of Object.values(AUTH_MESSAGES)) expect(serverText(m, 'en')).not.toBe(m);
  expect(serverText(AUTH_MESSAGES.registered, 'fr')).toBe(AUTH_MESSAGES.registered);
  expect(serverText('Autre message', 'en')).toBe('Autre message');
  expect(fill('a {{x}} b {{y}}', { x: 1 })).toBe('a 1 b {{y}}');
});

test('the choice pages in English', () => {
  at('/auth', <AuthChoicePage />);
  expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Create an account/ })).toBeInTheDocument();
});

test('register choice pages in English', () => {
  at('/auth/register', <RegisterChoicePage />);
  expect(screen.getByRole('link', { name: /I am a buyer/ })).toBeInTheDocument();
  expect(screen.getByText('Already have an account?')).toBeInTheDocument();
  at('/auth/register-wineriz', <RegisterWinerizChoicePage />);
  expect(screen.getByRole('heading', { name: 'Professional sign-up' })).toBeInTheDocument();
});

test('seller and agent sign-up in English', async () => {
  fakeApi(async () => json(200, {}));
  const seller = at('/auth/register-wineriz/seller', <SellerRegisterPage />);
  expect(screen.getByRole('heading', { name: 'Producer sign-up' })).toBeInTheDocument();
  expect(screen.getByLabelText('Name of your estate or company')).toBeInTheDocument();
  expect(screen.getByText('Cider')).toBeInTheDocument();
  expect(screen.getByLabelText('SIRET (optional)')).toBeInTheDocument();
  seller.unmount();
  at('/auth/register-wineriz/agent', <AgentRegisterPage />);
  expect(screen.getByRole('heading', { name: 'Sales agent sign-up' })).toBeInTheDocument();
  expect(screen.getByLabelText('Company (optional)')).toBeInTheDocument();
});

test('validation and reset pages in English', async () => {
  fakeApi(async () => json(200, {}));
  const v = at('/auth/validate', <ValidatePage />);
  expect(screen.getByRole('heading', { name: 'Account validation' })).toBeInTheDocument();
  expect(screen.getByText('This link is not valid.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
  v.unmount();
  at('/auth/resetpwd', <ResetPasswordPage />);
  expect(screen.getByRole('heading', { name: 'Forgot your password' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Send the link' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
});

test('settings, API keys and admin users in English', async () => {
  useSession.setState({ user: { id: 7, username: 'B', email: 'b@x.fr', role: 'buyer', shops: [], emailValidated: false }, jwt: 'j' });
  // list endpoints answer the paginated envelope (issue 11)
  fakeApi(async (url) =>
    url.includes('/admin/users') || url.includes('/api-keys') ? json(200, { items: [], total: 0, page: 1, pageSize: 20 }) : json(200, []),
  );
  const s = at('/dashboard/settings?link=account', <SettingsPage />);
  expect(screen.getByRole('heading', { name: 'Settings — My account' })).toBeInTheDocument();
  expect(screen.getByText('Your email address has not been validated yet.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Change the password' })).toBeInTheDocument();
  s.unmount();
  const k = at('/get-api-key', <ApiKeyPage />);
  expect(screen.getByRole('heading', { name: 'API key' })).toBeInTheDocument();
  expect(await screen.findByText('No key yet')).toBeInTheDocument();
  k.unmount();
  at('/admin/users', <AdminUsersPage />);
  expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
  expect(await screen.findByText('No user matches')).toBeInTheDocument();
  // the column headers in English are checked with a row in AdminUsersPage.test.tsx (an empty list shows no table)
});
