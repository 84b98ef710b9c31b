import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AUTH_MESSAGES } from 'shared-kernel/contracts';
import { initI18n, setLanguage } from 'shared-kernel/i18n';
import { getSession, resetApiConfig, useSession } from 'shared-kernel/runtime';
import AdminUsersPage from './admin/AdminUsersPage';
import ApiKeyPage from './api-key/ApiKeyPage';
import { resetCaptchaConfig } from './captcha/useCaptcha';
import { AuthChoicePage, RegisterChoicePage, RegisterWinerizChoicePage } from './common/pages';
import { AgentRegisterPage, SellerRegisterPage } from './register/RegisterPage';
import ResetPasswordPage from './reset/ResetPasswordPage';
import SettingsPage from './settings/SettingsPage';
import { fakeApi, json } from './test-utils';
import { textsFor, serverText } from './texts';
import { textsFor as adminTexts } from './admin/texts';
import { textsFor as consoleTexts } from './admin/console.texts';
import { textsFor as apiKeyTexts } from './api-key/texts';
import { textsFor as captchaTexts } from './captcha/texts';
import { textsFor as choiceTexts } from './common/texts';
import { textsFor as loginTexts } from './login/texts';
import { textsFor as registerTexts } from './register/texts';
import { textsFor as resetTexts } from './reset/texts';
import { textsFor as settingsTexts } from './settings/texts';
import { textsFor as validateTexts } from './validate/texts';
import ValidatePage from './validate/ValidatePage';

const at = (url: string, page: React.ReactNode) => render(<MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>);

/** The texts of every mfe-auth module, by the module's folder. */
const MODULES = {
  shared: textsFor,
  admin: adminTexts,
  console: consoleTexts,
  apiKey: apiKeyTexts,
  captcha: captchaTexts,
  choice: choiceTexts,
  login: loginTexts,
  register: registerTexts,
  reset: resetTexts,
  settings: settingsTexts,
  validate: validateTexts,
};

/** Every leaf of a texts object; a text taking values is called with markers (⟨0⟩, ⟨1⟩…) standing for them. */
function leaves(o: object, prefix = ''): Array<[string, string]> {
  return Object.entries(o).flatMap(([k, v]): Array<[string, string]> => {
    if (typeof v === 'string') return [[`${prefix}${k}`, v]];
    if (typeof v === 'function')
      return [[`${prefix}${k}`, (v as (...a: string[]) => string)(...Array.from({ length: v.length }, (_, i) => `⟨${i}⟩`))]];
    return leaves(v as object, `${prefix}${k}.`);
  });
}

/** The English texts left as the French ones on purpose (same word, proper noun or acronym). */
const SAME_IN_ENGLISH = [
  'admin.roles.agent',
  'admin.roles.superAdmin',
  'admin.colAction',
  'admin.siret',
  'console.dashboard',
  'console.code',
  'console.date',
  'console.message',
  'console.maintenance',
  'console.type',
  'console.actions',
  'console.businessTypes.champaign',
  'register.businessTypes.champaign',
  'register.siret',
];

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
beforeEach(async () => {
  await setLanguage('en');
});
afterEach(async () => {
  resetApiConfig();
  resetCaptchaConfig();
  getSession().logout();
  await setLanguage('fr');
});

test('fr and en have the same texts, none empty, English written out, and the same values in the texts taking some', () => {
  const same: string[] = [];
  for (const [name, of] of Object.entries(MODULES)) {
    const fr = leaves(of('fr'));
    const en = new Map(leaves(of('en')));
    expect([...en.keys()].sort()).toEqual(fr.map(([k]) => k).sort());
    for (const [leaf, text] of fr) {
      const key = name === 'shared' ? leaf : `${name}.${leaf}`;
      const english = en.get(leaf)!;
      expect([key, text.trim()]).not.toEqual([key, '']);
      expect([key, english.trim()]).not.toEqual([key, '']);
      // a missing English text would fall back to French (defineTexts): only the listed ones may equal it
      if (english === text) same.push(key);
      // the values a text takes appear in both languages (no '{{placeholder}}' left anywhere)
      expect([key, english.match(/⟨\d⟩/g)?.sort()]).toEqual([key, text.match(/⟨\d⟩/g)?.sort()]);
      expect(`${key}: ${text} ${english}`).not.toMatch(/\{\{|\}\}/);
    }
  }
  expect(same.sort()).toEqual([...SAME_IN_ENGLISH].sort());
});

test('the texts taking values render them, in French and in English', () => {
  const fr = { shared: textsFor('fr'), apiKey: apiKeyTexts('fr'), admin: adminTexts('fr'), register: registerTexts('fr') };
  const en = { shared: textsFor('en'), apiKey: apiKeyTexts('en'), admin: adminTexts('en'), register: registerTexts('en') };
  expect(fr.shared.unvalidated.text('a@b.fr')).toBe("Ouvrez le lien envoyé à l'adresse a@b.fr. Vous ne l'avez pas reçu ?");
  expect(en.shared.unvalidated.text('a@b.fr')).toBe('Open the link sent to a@b.fr. Did not receive it?');
  expect(fr.register.doneDescription('a@b.fr')).toBe("Ouvrez le lien reçu à l'adresse a@b.fr pour valider votre compte.");
  expect(en.register.doneDescription('a@b.fr')).toBe('Open the link sent to a@b.fr to validate your account.');
  expect(fr.apiKey.created('ERP')).toBe('Clé « ERP » créée. Copiez-la maintenant : elle ne sera plus affichée.');
  expect(en.apiKey.created('ERP')).toBe('Key “ERP” created. Copy it now: it will not be shown again.');
  expect(fr.apiKey.revokeText('ERP')).toBe("Les programmes qui utilisent « ERP » n'auront plus accès à l'API.");
  expect(en.apiKey.revokeText('ERP')).toBe('Programs using “ERP” will no longer have access to the API.');
  expect(fr.apiKey.createdOn('02/01/2026')).toBe('créée le 02/01/2026');
  expect(en.apiKey.lastUsed('never')).toBe('last used: never');
  expect(en.apiKey.intro('X-Key')).toBe('A key lets a program use the /v1 API on your behalf (X-Key header). It is shown only once.');
  expect(fr.admin.enableText('b@c.fr')).toBe('b@c.fr pourra de nouveau se connecter.');
  expect(en.admin.disableText('b@c.fr')).toBe('b@c.fr will no longer be able to sign in and their sessions will be closed.');
});

test('every account message of the api has an English version', () => {
  for (const m of Object.values(AUTH_MESSAGES)) expect(serverText(m, 'en')).not.toBe(m);
  expect(serverText(AUTH_MESSAGES.registered, 'fr')).toBe(AUTH_MESSAGES.registered);
  expect(serverText('Autre message', 'en')).toBe('Autre message');
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
  // list endpoints answer the paginated envelope
  fakeApi(async (url) =>
    url.includes('/admin/users') || url.includes('/api-keys') ? json(200, { items: [], total: 0, page: 1, pageSize: 20 }) : json(200, []),
  );
  const s = at('/dashboard/settings?link=account', <SettingsPage />);
  expect(screen.getByRole('heading', { name: 'Settings — My account' })).toBeInTheDocument();
  expect(screen.getByText('Your email address has not been validated yet.')).toBeInTheDocument();
  expect(screen.getByText('Open the link sent to b@x.fr. Did not receive it?')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Change the password' })).toBeInTheDocument();
  s.unmount();
  const k = at('/get-api-key', <ApiKeyPage />);
  expect(screen.getByRole('heading', { name: 'API key' })).toBeInTheDocument();
  // the header the text takes is shown as code, in the English sentence
  const header = screen.getByText('Authorization: Bearer <key>');
  expect(header.tagName).toBe('CODE');
  expect(header.closest('p')).toHaveTextContent(
    'A key lets a program use the /v1 API on your behalf (Authorization: Bearer <key> header). It is shown only once.',
  );
  expect(await screen.findByText('No key yet')).toBeInTheDocument();
  k.unmount();
  at('/admin/users', <AdminUsersPage />);
  expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
  expect(await screen.findByText('No user matches')).toBeInTheDocument();
  // the column headers in English are checked with a row in AdminUsersPage.test.tsx (an empty list shows no table)
});
