import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultCrmSettings } from 'shared-kernel/contracts';
import { iamWith, renderPage, reply } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';

const route = '/dashboard/settings?link=crm';

it('saves the prefix, a custom field and the stages (renamed, reordered, added, removed)', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /crm/settings': () => defaultCrmSettings(),
      'PUT /crm/settings': (req) => ({ ...(req.body as object), message: 'Paramètres CRM enregistrés' }),
    },
  });
  const prefix = await screen.findByLabelText('Préfixe des codes clients');
  await userEvent.clear(prefix);
  await userEvent.type(prefix, 'DOM-');
  const pipe = screen.getByLabelText(/^Libellé \(Pipe\)/);
  await userEvent.clear(pipe);
  await userEvent.type(pipe, 'Origine');
  await userEvent.type(screen.getByLabelText(/^Valeurs autorisées \(Pipe\)/), 'Salon{Enter}');
  await userEvent.click(screen.getByRole('button', { name: 'Monter « Proposition »' }));
  await userEvent.click(screen.getByRole('button', { name: 'Supprimer « Engagement »' }));
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter une étape' }));
  await userEvent.type(screen.getByLabelText(/^Étape 4/), 'Signature');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.calls.some((c) => c.method === 'PUT')).toBe(true));
  const body = page.calls.find((c) => c.method === 'PUT')!.body as ReturnType<typeof defaultCrmSettings>;
  expect(body.clientCodePrefix).toBe('DOM-');
  expect(body.customFields.pipe).toEqual({ label: 'Origine', values: ['Salon'] });
  expect(body.customFields.family).toEqual({ label: 'Famille', values: [] });
  expect(body.opportunityStages).toEqual([
    { key: 'proposition', label: 'Proposition' },
    { key: 'qualification', label: 'Qualification' },
    { key: 'negociation', label: 'Négociation' },
    { key: null, label: 'Signature' },
  ]);
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Paramètres CRM enregistrés', error: false }));
});

it('shows the field errors: the §5 and schema messages, then the api refusal under its field', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /crm/settings': () => defaultCrmSettings(),
      'PUT /crm/settings': () =>
        reply(409, {
          success: false,
          message: "L'étape « Engagement » contient encore 2 opportunités en cours : déplacez-les avant de la supprimer",
          field: 'opportunityStages',
        }),
    },
  });
  const prefix = await screen.findByLabelText('Préfixe des codes clients');
  await userEvent.clear(prefix);
  await userEvent.type(prefix, 'A B');
  const second = screen.getByLabelText(/^Étape 2/);
  await userEvent.clear(second);
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Le préfixe contient au plus 10 caractères : lettres, chiffres ou tirets')).toBeInTheDocument();
  expect(screen.getByText('Ce champ ne peut pas être vide')).toBeInTheDocument();
  await userEvent.type(second, 'Qualification');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Deux étapes portent le même nom')).toBeInTheDocument();
  expect(page.calls.some((c) => c.method === 'PUT')).toBe(false);

  await userEvent.clear(prefix);
  await userEvent.clear(second);
  await userEvent.type(second, 'Proposition');
  await userEvent.click(screen.getByRole('button', { name: 'Supprimer « Engagement »' }));
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  const list = screen.getByRole('list', { name: 'Étapes du pipeline des opportunités' });
  expect(await within(list.parentElement!).findByRole('alert')).toHaveTextContent(
    "L'étape « Engagement » contient encore 2 opportunités en cours : déplacez-les avant de la supprimer",
  );
});

it('is read-only for an iam without createClient', async () => {
  renderPage(<SettingsPage />, {
    route,
    session: iamWith({ seeAllClient: true }),
    api: { 'GET /crm/settings': () => defaultCrmSettings() },
  });
  expect(await screen.findByLabelText('Préfixe des codes clients')).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
});
