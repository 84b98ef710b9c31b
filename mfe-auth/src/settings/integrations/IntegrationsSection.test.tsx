import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHOP_MODULES, type Shop } from 'shared-kernel/contracts';
import { shopModuleActive } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';
import { DEMO_SHOP, renderPage, reply } from 'shared-kernel/testing';
import SettingsPage from '../SettingsPage';
import type { ShopIntegrations } from './integrations.queries';
import type { PaymentKeys } from './payment-keys.queries';

const route = '/dashboard/settings?link=integrations';
const noKeys: PaymentKeys = { stripe: null, paypal: null };
const noImports = { items: [], total: 0, page: 1, pageSize: 10 };
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});
/** the UPS card of an owner whose module is on, with no account saved yet */
const noUps = { configured: false, clientId: null, clientSecretSet: false, accountNumber: null, environment: 'test', verifiedAt: null };
const allOn = (): ShopIntegrations => ({
  modules: Object.fromEntries(SHOP_MODULES.map((m) => [m, true])) as ShopIntegrations['modules'],
  importSource: 'default',
});

it('shows each module switch with what it does, saves the changed ones and refreshes the session’s shop', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /shops/me/settings/integrations': allOn(),
      'GET /shops/me/settings/payment-keys': noKeys,
      'GET /shipping/ups/account': noUps,
      'GET /shop-data/imports': noImports,
      'PUT /shops/me/settings/integrations': (call) => {
        const body = call.body as { modules: Record<string, boolean>; importSource: ShopIntegrations['importSource'] };
        const modules = { ...allOn().modules, ...body.modules };
        const shop: Shop = {
          ...DEMO_SHOP,
          integration: Object.fromEntries(Object.entries(modules).map(([m, active]) => [m, { active }])),
        };
        return { modules, importSource: body.importSource, shop, message: 'Paramètres enregistrés' };
      },
    },
  });
  const stocks = await screen.findByRole('switch', { name: /^Stocks/ });
  expect(stocks).toBeChecked();
  expect(screen.getByText('Entrepôts, niveaux de stock, mouvements, capsules CRD et DRM.')).toBeInTheDocument();
  expect(screen.getAllByRole('switch')).toHaveLength(SHOP_MODULES.length);
  expect(screen.getByRole('link', { name: 'Gérer mes clés d’API' })).toHaveAttribute('href', '/get-api-key');
  // the owner brings data in and takes the whole shop out from here
  expect(await screen.findByText('Importer des données')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Exporter toutes mes données' })).toBeInTheDocument();

  await userEvent.click(stocks);
  await userEvent.click(screen.getByRole('switch', { name: /^Pré-comptabilité/ }));
  await userEvent.click(screen.getByRole('combobox', { name: /^Logiciel d’origine des imports/ }));
  await userEvent.click(await screen.findByTitle('Isagri'));
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Paramètres enregistrés', error: false }]));
  expect(page.api.callsTo('PUT /shops/me/settings/integrations')[0].body).toEqual({
    modules: { stocks: false, accounting: false },
    importSource: 'isagri',
  });
  const shop = useSession.getState().shop;
  expect(shopModuleActive(shop, 'stocks')).toBe(false);
  expect(shopModuleActive(shop, 'accounting')).toBe(false);
  expect(shopModuleActive(shop, 'crm')).toBe(true);
  expect(screen.getByRole('switch', { name: /^Stocks/ })).not.toBeChecked();
});

it('the iam sees the switches without changing them', async () => {
  renderPage(<SettingsPage />, { route, session: 'iam', api: { 'GET /shops/me/settings/integrations': allOn() } });
  expect(await screen.findByText('Seul le propriétaire de la boutique peut activer ou désactiver des modules.')).toBeInTheDocument();
  for (const s of screen.getAllByRole('switch')) expect(s).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
});

it('a load error offers to retry', async () => {
  let n = 0;
  renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /shops/me/settings/integrations': () => {
        n += 1;
        return n === 1 ? reply(500, { success: false, message: 'Une erreur est survenue' }) : allOn();
      },
      'GET /shops/me/settings/payment-keys': noKeys,
      'GET /shipping/ups/account': noUps,
      'GET /shop-data/imports': noImports,
    },
  });
  const alert = await screen.findByRole('alert');
  await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByRole('switch', { name: /^CRM/ })).toBeChecked();
});

it('the owner saves the shop’s Stripe keys: secrets sent once, then shown masked; a key the api refuses is named on its field', async () => {
  const stored: PaymentKeys = {
    stripe: {
      publishableKey: 'pk_test_51Habcdefghijklmnop',
      mode: 'test',
      secretKey: { set: true, last4: '1234' },
      webhookSecret: { set: false, last4: null },
    },
    paypal: null,
  };
  let first = true;
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /shops/me/settings/integrations': allOn(),
      'GET /shops/me/settings/payment-keys': noKeys,
      'GET /shipping/ups/account': noUps,
      'GET /shop-data/imports': noImports,
      'PUT /shops/me/settings/payment-keys': () => {
        if (first) {
          first = false;
          return reply(400, {
            success: false,
            field: 'stripe.secretKey',
            message: 'Les clés Stripe doivent être toutes de test ou toutes de production',
          });
        }
        return { ...stored, message: 'Vos clés de paiement ont été enregistrées' };
      },
    },
  });
  const publishable = await screen.findByLabelText(/^Clé publique Stripe/);
  // no keys yet: neither provider is connected, nothing to test
  expect(screen.getAllByText('Non connecté')).toHaveLength(2);
  expect(screen.queryByRole('button', { name: /^Tester la connexion/ })).toBeNull();
  await userEvent.type(publishable, 'pk_test_51Habcdefghijklmnop');
  const secret = screen.getByLabelText(/^Clé secrète Stripe/);
  // the same rule as the api, before any call
  await userEvent.type(secret, 'pk_oops');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les clés' }));
  expect(await screen.findByText('La clé secrète Stripe commence par sk_ ou rk_ (test ou live)')).toBeInTheDocument();
  expect(page.api.callsTo('PUT /shops/me/settings/payment-keys')).toHaveLength(0);

  await userEvent.clear(secret);
  await userEvent.type(secret, 'sk_live_51Habcdefghijklmnopqrstuv1234');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les clés' }));
  expect(await screen.findByText('Les clés Stripe doivent être toutes de test ou toutes de production')).toBeInTheDocument();

  await userEvent.clear(secret);
  await userEvent.type(secret, 'sk_test_51Habcdefghijklmnopqrstuv1234');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les clés' }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Vos clés de paiement ont été enregistrées', error: false }]));
  expect(page.api.callsTo('PUT /shops/me/settings/payment-keys')[1].body).toEqual({
    stripe: { publishableKey: 'pk_test_51Habcdefghijklmnop', secretKey: 'sk_test_51Habcdefghijklmnopqrstuv1234', webhookSecret: '' },
  });
  // the secret is gone from the screen, only its end is shown
  expect(screen.getByLabelText(/^Clé secrète Stripe/)).toHaveValue('');
  expect(screen.getByText('Clé enregistrée (se termine par 1234)')).toBeInTheDocument();
  expect(screen.getByText('Mode test')).toBeInTheDocument();
  // Stripe is now connected (PayPal still not)
  expect(screen.getByText('Connecté')).toBeInTheDocument();
  expect(screen.getAllByText('Non connecté')).toHaveLength(1);
});

it('shows whether Stripe and PayPal are connected and in which mode, and « Tester la connexion » reports the provider’s answer', async () => {
  const keys: PaymentKeys = {
    stripe: {
      publishableKey: 'pk_live_51Habcdefghijklmnop',
      mode: 'live',
      secretKey: { set: true, last4: '9876' },
      webhookSecret: { set: true, last4: 'ab12' },
    },
    paypal: {
      clientId: 'AbCdEfGhIjKlMnOpQrStUvWx',
      mode: 'test',
      webhookId: '1JE4291016473214C',
      clientSecret: { set: true, last4: 'zz99' },
    },
  };
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /shops/me/settings/integrations': allOn(),
      'GET /shops/me/settings/payment-keys': keys,
      'GET /shipping/ups/account': noUps,
      'GET /shop-data/imports': noImports,
      'POST /payments/connection-tests/stripe': { ok: true, message: 'Connexion à Stripe réussie' },
      'POST /payments/connection-tests/paypal': {
        ok: false,
        message: "PayPal refuse l'identifiant client ou le secret : vérifiez-les dans votre espace développeur PayPal",
      },
    },
  });
  const stripeTest = await screen.findByRole('button', { name: 'Tester la connexion Stripe' });
  expect(screen.getAllByText('Connecté')).toHaveLength(2);
  expect(screen.getByText('Production')).toBeInTheDocument();
  expect(screen.getByText('Mode test')).toBeInTheDocument();
  // Stripe's endpoint for this shop, to declare in its dashboard
  expect(screen.getByText(/Point de terminaison à déclarer dans Stripe : .*\/v1\/payments\/webhooks\/stripe\/\d+/)).toBeInTheDocument();
  expect(screen.getByLabelText(/^Identifiant de webhook PayPal/)).toHaveValue('1JE4291016473214C');
  expect(screen.getByText(/URL du webhook à créer dans PayPal : .*\/v1\/payments\/webhooks\/paypal\/\d+/)).toBeInTheDocument();

  await userEvent.click(stripeTest);
  expect(await screen.findByText('Connexion à Stripe réussie')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Tester la connexion PayPal' }));
  expect(
    await screen.findByText("PayPal refuse l'identifiant client ou le secret : vérifiez-les dans votre espace développeur PayPal"),
  ).toBeInTheDocument();
  expect(page.api.callsTo('POST /payments/connection-tests/stripe')).toHaveLength(1);
  expect(page.api.callsTo('POST /payments/connection-tests/paypal')).toHaveLength(1);
  // nothing but the masked ends of the secrets on the page
  expect(document.body.textContent).toContain('Clé enregistrée (se termine par 9876)');
  expect(screen.queryByDisplayValue(/^sk_/)).toBeNull();
});

it('the iam does not see the payment keys', async () => {
  renderPage(<SettingsPage />, { route, session: 'iam', api: { 'GET /shops/me/settings/integrations': allOn() } });
  expect(await screen.findByText('Seul le propriétaire de la boutique peut activer ou désactiver des modules.')).toBeInTheDocument();
  expect(screen.queryByText('Clés de paiement')).toBeNull();
  expect(screen.queryByText('Importer des données')).toBeNull();
});

it('starts the import card on the software of « Logiciel d’origine des imports », and on the new one once saved', async () => {
  // the file goes up as a raw body, outside the api client: its dry run answered here
  const upload = jest.fn(async (_url: string) => ({
    ok: false,
    status: 400,
    json: async () => ({ success: false, message: 'Fichier vide' }),
  }));
  (globalThis as { fetch?: unknown }).fetch = upload;
  const saved: ShopIntegrations = { ...allOn(), importSource: 'vinistoria' };
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /shops/me/settings/integrations': saved,
      'GET /shops/me/settings/payment-keys': noKeys,
      'GET /shipping/ups/account': noUps,
      'GET /shop-data/imports': noImports,
      'PUT /shops/me/settings/integrations': (call) => ({
        ...saved,
        importSource: (call.body as ShopIntegrations).importSource,
        shop: DEMO_SHOP,
        message: 'Paramètres enregistrés',
      }),
    },
  });
  // the select shows its chosen option as the title of its content
  const cardSoftware = () =>
    screen.getByRole('combobox', { name: 'Logiciel d’origine' }).closest('.ant-select-content')?.getAttribute('title');
  await screen.findByRole('combobox', { name: 'Logiciel d’origine' });
  expect(cardSoftware()).toBe('Vinistoria');

  await userEvent.click(screen.getByRole('combobox', { name: /^Logiciel d’origine des imports/ }));
  await userEvent.click(await screen.findByTitle('Baqio'));
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Paramètres enregistrés', error: false }]));
  await waitFor(() => expect(cardSoftware()).toBe('Baqio'));

  // the next file is read with that software's column names
  await userEvent.upload(page.container.querySelector('input[type="file"]') as HTMLInputElement, new File(['x\n'], 'clients.csv'));
  await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
  expect(new URL(upload.mock.calls[0][0], 'http://test.local').searchParams.get('integration')).toBe('baqio');
});
