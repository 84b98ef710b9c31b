import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { configureApi, resetApiConfig } from 'shared-kernel/runtime';
import ValidatePage from './ValidatePage';
import ResetPasswordPage from '../reset/ResetPasswordPage';
import { initI18n } from 'shared-kernel/i18n';

const json = (status: number, body: unknown) =>
  ({ status, ok: status < 400, text: async () => JSON.stringify(body) }) as unknown as Response;
const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/auth/validate" element={<ValidatePage />} />
        <Route path="/auth/resetpwd" element={<ResetPasswordPage />} />
      </Routes>
    </MemoryRouter>,
  );
beforeAll(() => {
  initI18n({ lng: 'fr' });
});
afterEach(() => resetApiConfig());

test('a valid link confirms the address (posted once)', async () => {
  const calls: string[] = [];
  configureApi({
    fetch: async (url, init) => {
      calls.push(`${url} ${init.body}`);
      return json(200, { success: true, message: 'Votre adresse mail a été validée' });
    },
  });
  renderAt('/auth/validate?token=abc');
  expect(await screen.findByText('Votre adresse mail a été validée')).toBeInTheDocument();
  expect(calls).toEqual(['/v1/auth/validate {"token":"abc"}']);
});

test('an expired link shows the message and a resend form', async () => {
  configureApi({
    fetch: async (url) =>
      url.endsWith('/resend')
        ? json(200, {
            success: true,
            message: "Si un compte non validé existe avec cette adresse, un nouveau lien de validation vient d'être envoyé.",
          })
        : json(410, { success: false, message: 'Ce lien a expiré. Demandez un nouveau lien.', field: 'token' }),
  });
  renderAt('/auth/validate?token=old');
  expect(await screen.findByText('Ce lien a expiré. Demandez un nouveau lien.')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('E-mail'), 'nope');
  await userEvent.tab();
  expect(await screen.findByText('Le mail est incorrect')).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('E-mail'));
  await userEvent.type(screen.getByLabelText('E-mail'), 'a@b.fr');
  await userEvent.click(screen.getByRole('button', { name: 'Renvoyer le lien' }));
  expect(
    await screen.findByText("Si un compte non validé existe avec cette adresse, un nouveau lien de validation vient d'être envoyé."),
  ).toBeInTheDocument();
});

test('the reset page asks for the email, then with a token sets a password meeting the rule', async () => {
  configureApi({
    fetch: async () => json(200, { success: true, message: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.' }),
  });
  renderAt('/auth/resetpwd?token=t1');
  const submit = screen.getByRole('button', { name: 'Enregistrer le mot de passe' });
  expect(submit).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau1');
  await userEvent.type(screen.getByLabelText('Confirmation du mot de passe'), 'Nouveau2');
  await userEvent.click(submit);
  expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('Confirmation du mot de passe'));
  await userEvent.type(screen.getByLabelText('Confirmation du mot de passe'), 'Nouveau1');
  await userEvent.click(submit);
  expect(await screen.findByText('Votre mot de passe a été modifié. Vous pouvez vous connecter.')).toBeInTheDocument();
});
