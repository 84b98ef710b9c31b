import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import { UpsCard } from './UpsCard';
import type { UpsAccount } from './ups.queries';

const empty: UpsAccount = {
  configured: false,
  clientId: null,
  clientSecretSet: false,
  accountNumber: null,
  environment: 'test',
  verifiedAt: null,
};
const saved: UpsAccount = {
  configured: true,
  clientId: 'clientIdABC123',
  clientSecretSet: true,
  accountNumber: 'A1B2C3',
  environment: 'test',
  verifiedAt: null,
};
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

it('saves the credentials (the secret once), then shows them configured without the secret', async () => {
  const page = renderPage(<UpsCard />, {
    api: {
      'GET /shipping/ups/account': empty,
      'PUT /shipping/ups/account': { ...saved, message: 'Vos identifiants UPS ont été enregistrés' },
    },
  });
  expect(await screen.findByText('Non configuré')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Tester la connexion' })).toBeNull();
  await userEvent.type(screen.getByLabelText(/Identifiant client/), 'clientIdABC123');
  await userEvent.type(screen.getByLabelText(/Numéro de compte UPS/), 'a1b2c3');
  // no secret stored yet: it is asked for
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le compte UPS' }));
  expect(await screen.findByText('Indiquez le secret client UPS')).toBeInTheDocument();
  expect(page.api.callsTo('PUT /shipping/ups/account')).toHaveLength(0);

  await userEvent.type(screen.getByLabelText(/Secret client/), 'secret-value-123');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le compte UPS' }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Vos identifiants UPS ont été enregistrés', error: false }]));
  expect(page.api.callsTo('PUT /shipping/ups/account')[0].body).toEqual({
    clientId: 'clientIdABC123',
    clientSecret: 'secret-value-123',
    accountNumber: 'A1B2C3',
    environment: 'test',
  });
  expect(await screen.findByText('Configuré')).toBeInTheDocument();
  expect(screen.getByText('Secret configuré')).toBeInTheDocument();
  // the secret field is emptied: what was typed is not kept on screen
  expect(screen.getByLabelText(/Secret client/)).toHaveValue('');
});

it('« Tester la connexion » shows what the api says, success or refusal', async () => {
  let ok = true;
  renderPage(<UpsCard />, {
    api: {
      'GET /shipping/ups/account': saved,
      'POST /shipping/ups/account/test': () =>
        ok
          ? { ok: true, message: 'Connexion à UPS réussie : vos identifiants sont acceptés' }
          : { ok: false, message: "UPS refuse vos identifiants : vérifiez l'identifiant client, le secret et le numéro de compte" },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Tester la connexion' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Connexion à UPS réussie');
  ok = false;
  await userEvent.click(screen.getByRole('button', { name: 'Tester la connexion' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('UPS refuse vos identifiants'));
});

it('keeps the stored secret when its field is left empty, and shows an api refusal under its field', async () => {
  const page = renderPage(<UpsCard />, {
    api: {
      'GET /shipping/ups/account': saved,
      'PUT /shipping/ups/account': reply(400, {
        success: false,
        message: 'Le numéro de compte UPS compte 6 caractères (lettres et chiffres)',
        field: 'accountNumber',
      }),
    },
  });
  const account = await screen.findByLabelText(/Numéro de compte UPS/);
  await userEvent.clear(account);
  await userEvent.type(account, 'Z9Y8X7');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le compte UPS' }));
  await waitFor(() => expect(page.api.callsTo('PUT /shipping/ups/account')).toHaveLength(1));
  expect(page.api.callsTo('PUT /shipping/ups/account')[0].body).toMatchObject({ clientSecret: '', accountNumber: 'Z9Y8X7' });
  expect(await screen.findByText('Le numéro de compte UPS compte 6 caractères (lettres et chiffres)')).toBeInTheDocument();
});

it('a load error offers to retry', async () => {
  let n = 0;
  renderPage(<UpsCard />, {
    api: { 'GET /shipping/ups/account': () => (++n === 1 ? reply(500, { success: false, message: 'Une erreur est survenue' }) : empty) },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByText('Non configuré')).toBeInTheDocument();
});
