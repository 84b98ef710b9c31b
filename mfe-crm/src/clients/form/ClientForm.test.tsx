import { defaultCrmSettings } from 'shared-kernel/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import { MESSAGES } from 'shared-kernel/validation';
import ClientAddPage from './ClientAddPage';

const typology = (id: string, name: string, pub: boolean) => ({
  id,
  name,
  public: pub,
  ttc: pub,
  globalDiscount: 0,
  allRulesInEq75: false,
  clients: 0,
  prices: 0,
});
const crmSettings = defaultCrmSettings();
crmSettings.customFields.pipe = { label: 'Étape commerciale', values: ['À contacter', 'Client'] };
const api = {
  'GET /tariffs/typologies': [typology('particulier', 'Particulier', true), typology('professionnel', 'Professionnel', false)],
  'GET /agents': [],
  'GET /crm/settings': crmSettings,
};

describe('client form (/dashboard/clients/add)', () => {
  it('shows every §5 message on its field (SIRET, mail, phone, the company of a professional) and sends nothing', async () => {
    const page = renderPage(<ClientAddPage />, { route: '/dashboard/clients/add?isPro=true', session: 'owner', api });
    const siret = await screen.findByLabelText(/^SIRET/);
    // the custom fields carry the labels of the crm settings
    expect(await screen.findByLabelText('Étape commerciale')).toBeInTheDocument();
    await userEvent.type(siret, '73282932000075');
    await userEvent.type(screen.getByLabelText(/^Mail/), 'contact@');
    await userEvent.type(screen.getByLabelText(/^Mobile/), '01 42 68 53 00');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(siret).toHaveAttribute('aria-invalid', 'true'));
    expect(siret).toHaveAccessibleDescription(`14 chiffres ${MESSAGES.siret}`);
    expect(screen.getByLabelText(/^Mail/)).toHaveAccessibleDescription(MESSAGES.email);
    expect(screen.getByLabelText(/^Mobile/)).toHaveAccessibleDescription(MESSAGES.telephone);
    expect(screen.getByLabelText(/^Société/)).toHaveAccessibleDescription(MESSAGES.needed);
    expect(page.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('posts a professional with the professional typology; an api field error lands under its field', async () => {
    let attempt = 0;
    const page = renderPage(<ClientAddPage />, {
      route: '/dashboard/clients/add?isPro=true',
      session: 'owner',
      api: {
        ...api,
        'POST /crm/clients': () =>
          ++attempt === 1
            ? reply(400, { success: false, message: MESSAGES.telephone, field: 'mobile' })
            : [201, { id: 9, message: 'Client créé' }],
        'GET /crm/clients/9': reply(404, { success: false, message: 'Client introuvable' }),
      },
    });
    await userEvent.type(await screen.findByLabelText(/^Société/), 'Cave du Coin');
    await userEvent.type(screen.getByLabelText(/^SIRET/), '732 829 320 00074');
    await userEvent.type(screen.getByLabelText(/^Mobile/), '06 12 34 56 78');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(page.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      kind: 'professional',
      company: 'Cave du Coin',
      siret: '732 829 320 00074',
      mobile: '06 12 34 56 78',
      typology: 'professionnel',
      addresses: [],
    });
    await waitFor(() => expect(screen.getByLabelText(/^Mobile/)).toHaveAccessibleDescription(MESSAGES.telephone));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(page.location().pathname).toBe('/dashboard/clients/9'));
  });

  it('suggests the « Valeurs autorisées » of the crm settings when a custom field’s list opens, none for a field without values', async () => {
    renderPage(<ClientAddPage />, { route: '/dashboard/clients/add', session: 'owner', api });
    const shown = () =>
      [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) =>
        o.getAttribute('title'),
      );
    const pipe = await screen.findByRole('combobox', { name: 'Étape commerciale' });
    await userEvent.click(pipe);
    await waitFor(() => expect(shown()).toEqual(['À contacter', 'Client']));
    // typing narrows the suggestions; one is picked
    await userEvent.type(pipe, 'cont');
    await waitFor(() => expect(shown()).toEqual(['À contacter']));
    await userEvent.click(screen.getByTitle('À contacter'));
    await waitFor(() => expect(pipe).toHaveValue('À contacter'));

    // « Famille » has no value in the settings: its list does not open, free text only
    const family = screen.getByRole('combobox', { name: 'Famille' });
    await userEvent.click(family);
    await userEvent.type(family, 'Cavistes');
    expect(family).toHaveValue('Cavistes');
    expect(family).toHaveAttribute('aria-expanded', 'false');
    expect(shown()).toEqual([]);
  });
});
