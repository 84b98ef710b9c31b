import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALES_MESSAGES, type BillingSettings } from 'shared-kernel/contracts';
import { MESSAGES } from 'shared-kernel/validation';
import { renderPage, reply } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';

const route = '/dashboard/settings?link=billing';

const saved: BillingSettings = {
  companyName: 'SCEA Domaine de Démo',
  legalForm: 'SCEA',
  capital: 1_000_000,
  siret: '73282932000074',
  rcs: 'RCS Dijon 732 829 320',
  vatNumber: 'FR44732829320',
  exciseNumber: 'FR012345E1234',
  address: { street: '1 rue des Vignes', street2: null, zipcode: '21200', city: 'Beaune', country: 'FR' },
  email: 'compta@domaine-demo.test',
  phone: '03 80 00 00 00',
  invoicePrefix: 'F',
  creditPrefix: 'AV',
  quotePrefix: 'D',
  defaultPaymentDelay: '30',
  banks: [],
  latePenalty: "Pénalités de retard : trois fois le taux d'intérêt légal",
  legalMentions: null,
  allowOverpayment: true,
  vatOnDebits: false,
  reminderDays: [10, 20, 40],
};

const field = (label: RegExp | string) => screen.getByLabelText(label);
/** The error shown under a field (tied to it with aria-describedby). */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? (document.getElementById(ids[0])?.textContent ?? null) : null;
}

it('an unset shop gets the empty form prefilled with its name and the contract defaults', async () => {
  renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: { 'GET /sales/settings/billing': () => reply(404, { success: false, message: 'Introuvable' }) },
  });
  expect(await screen.findByLabelText(/^Raison sociale/)).toHaveValue('Domaine de Démo');
  expect(screen.getByText(/ne sont pas encore renseignées/)).toBeInTheDocument();
  expect(field(/^SIRET/)).toHaveValue('');
  expect(field(/^Préfixe des factures/)).toHaveValue('F');
  expect(field(/^Préfixe des avoirs/)).toHaveValue('AV');
  expect(field(/^Préfixe des devis/)).toHaveValue('D');
  expect(screen.getByText(`Exemple : F${new Date().getFullYear()}-00001`)).toBeInTheDocument();
  expect(screen.getByText(/sans trou et repris à 1 chaque année/)).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Accepter les trop-perçus (crédit client)' })).toBeChecked();
  expect(screen.getByText('Aucun compte bancaire')).toBeInTheDocument();
});

it('an empty answer also means not set yet', async () => {
  renderPage(<SettingsPage />, { route, session: 'owner', api: { 'GET /sales/settings/billing': () => ({}) } });
  expect(await screen.findByLabelText(/^Raison sociale/)).toHaveValue('Domaine de Démo');
  expect(screen.getByText(/ne sont pas encore renseignées/)).toBeInTheDocument();
});

it('shows the §5 messages: company name required, SIRET, IBAN and BIC (checked as typed), and sends nothing', async () => {
  const page = renderPage(<SettingsPage />, { route, session: 'owner', api: { 'GET /sales/settings/billing': () => saved } });
  const name = await screen.findByLabelText(/^Raison sociale/);
  await userEvent.clear(name);
  await userEvent.tab();
  expect(await screen.findByText(MESSAGES.needed)).toBeInTheDocument();
  expect(errorOf(name)).toBe(MESSAGES.needed);

  const siret = field(/^SIRET/);
  await userEvent.clear(siret);
  await userEvent.type(siret, '73282932000075');
  await userEvent.tab();
  expect(await screen.findByText(SALES_MESSAGES.siret)).toBeInTheDocument();
  expect(errorOf(siret)).toBe('Le numéro SIRET est invalide');

  await userEvent.click(screen.getByRole('button', { name: 'Ajouter un compte bancaire' }));
  const bank = screen.getByRole('group', { name: 'Compte 1' });
  const iban = within(bank).getByLabelText(/^IBAN/);
  // a complete but wrong IBAN is refused without leaving the field
  await userEvent.type(iban, 'FR76 3000 6000 0112 3456 7890 188');
  await waitFor(() => expect(errorOf(iban)).toBe("L'IBAN n'est pas valide"));
  expect(SALES_MESSAGES.iban).toBe("L'IBAN n'est pas valide");
  // and accepted once corrected
  await userEvent.clear(iban);
  await userEvent.type(iban, 'FR76 3000 6000 0112 3456 7890 189');
  await waitFor(() => expect(errorOf(iban)).toBeNull());

  const bic = within(bank).getByLabelText(/^BIC/);
  await userEvent.type(bic, 'AGRI1RPP');
  await waitFor(() => expect(errorOf(bic)).toBe(SALES_MESSAGES.bic));
  expect(screen.getByText("Le BIC n'est pas valide")).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  // the bank label is required too
  expect(errorOf(within(bank).getByLabelText(/^Libellé/))).toBe(MESSAGES.needed);
  expect(page.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
});

it('saves: capital in cents, IBAN and BIC normalised, one default account; the api message as snackbar', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /sales/settings/billing': () => saved,
      'PUT /sales/settings/billing': (req) => ({ ...(req.body as object), message: SALES_MESSAGES.settingsSaved }),
    },
  });
  const capital = await screen.findByLabelText(/^Capital social/);
  expect(capital).toHaveValue('10000,00');
  await userEvent.clear(capital);
  await userEvent.type(capital, '15000,5');
  const prefix = field(/^Préfixe des factures/);
  await userEvent.clear(prefix);
  await userEvent.type(prefix, 'FA');
  expect(screen.getByText(`Exemple : FA${new Date().getFullYear()}-00001`)).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Ajouter un compte bancaire' }));
  const first = screen.getByRole('group', { name: 'Compte 1' });
  await userEvent.type(within(first).getByLabelText(/^Libellé/), 'Compte courant');
  await userEvent.type(within(first).getByLabelText(/^IBAN/), 'fr76 3000 6000 0112 3456 7890 189');
  await userEvent.type(within(first).getByLabelText(/^BIC/), 'agri frpp');
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter un compte bancaire' }));
  const second = screen.getByRole('group', { name: 'Compte 2' });
  await userEvent.type(within(second).getByLabelText(/^Libellé/), 'Compte épargne');
  await userEvent.type(within(second).getByLabelText(/^IBAN/), 'DE89370400440532013000');
  await userEvent.type(within(second).getByLabelText(/^BIC/), 'COBADEFFXXX');
  await userEvent.click(within(second).getByRole('radio', { name: 'Compte par défaut' }));
  expect(within(first).getByRole('radio', { name: 'Compte par défaut' })).not.toBeChecked();

  await userEvent.click(screen.getByRole('switch', { name: 'Accepter les trop-perçus (crédit client)' }));
  // off by default; once on, every invoice says « Option pour le paiement de la taxe d'après les débits »
  const debits = screen.getByRole('switch', { name: 'Option pour le paiement de la TVA d’après les débits' });
  expect(debits).not.toBeChecked();
  await userEvent.click(debits);
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
  expect(page.calls.find((c) => c.method === 'PUT')!.body).toEqual({
    ...saved,
    capital: 1_500_050,
    invoicePrefix: 'FA',
    allowOverpayment: false,
    vatOnDebits: true,
    banks: [
      { label: 'Compte courant', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', isDefault: false },
      { label: 'Compte épargne', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', isDefault: true },
    ],
  });
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Informations de facturation enregistrées', error: false }));
});

it('a first save from the empty form sends the shop name, the defaults and the first account as default', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /sales/settings/billing': () => reply(404, { success: false, message: 'Introuvable' }),
      'PUT /sales/settings/billing': (req) => ({ ...(req.body as object), message: 'Enregistré' }),
    },
  });
  await userEvent.type(await screen.findByLabelText(/^SIRET/), '732 829 320 00074');
  await userEvent.type(field(/^Adresse\*?$/), '1 rue des Vignes');
  await userEvent.type(field(/^Code postal/), '21200');
  await userEvent.type(field(/^Ville/), 'Beaune');
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter un compte bancaire' }));
  await userEvent.type(field(/^Libellé/), 'Compte courant');
  await userEvent.type(field(/^IBAN/), 'FR7630006000011234567890189');
  await userEvent.type(field(/^BIC/), 'AGRIFRPP');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
  expect(page.calls.find((c) => c.method === 'PUT')!.body).toEqual({
    companyName: 'Domaine de Démo',
    legalForm: null,
    capital: null,
    siret: '73282932000074',
    rcs: null,
    vatNumber: null,
    exciseNumber: null,
    address: { street: '1 rue des Vignes', street2: null, zipcode: '21200', city: 'Beaune', country: 'FR' },
    email: null,
    phone: null,
    invoicePrefix: 'F',
    creditPrefix: 'AV',
    quotePrefix: 'D',
    defaultPaymentDelay: '30',
    banks: [{ label: 'Compte courant', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', isDefault: true }],
    latePenalty: "Pénalités de retard : trois fois le taux d'intérêt légal",
    legalMentions: null,
    allowOverpayment: true,
    vatOnDebits: false,
    reminderDays: [7, 15, 30],
  });
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Enregistré', error: false }));
});

it('puts an api field error under its field (a bank IBAN, bracket path)', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /sales/settings/billing': () => ({
        ...saved,
        banks: [{ label: 'Compte courant', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', isDefault: true }],
      }),
      'PUT /sales/settings/billing': () =>
        reply(400, { success: false, message: 'Cet IBAN est déjà celui d’un autre compte', field: 'banks[0].iban' }),
    },
  });
  const iban = await screen.findByLabelText(/^IBAN/);
  expect(iban).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(errorOf(iban)).toBe('Cet IBAN est déjà celui d’un autre compte'));
  expect(page.snackbars()).toEqual([]);
});

it('a load error offers to retry', async () => {
  let fail = true;
  renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /sales/settings/billing': () => (fail ? reply(500, { success: false, message: 'Service indisponible' }) : saved),
    },
  });
  expect(await screen.findByText('Service indisponible')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByLabelText(/^Raison sociale/)).toHaveValue('SCEA Domaine de Démo');
});

it('is the owner’s only: hidden from the iam, who opens no billing call', async () => {
  const page = renderPage(<SettingsPage />, { route, session: 'iam' });
  expect(screen.getByRole('link', { name: 'Typologies' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Facturation' })).toBeNull();
  expect(screen.queryByLabelText(/^Raison sociale/)).toBeNull();
  expect(page.calls).toEqual([]);
});

it('the owner sees the Facturation link', async () => {
  renderPage(<SettingsPage />, { route: '/dashboard/settings', session: 'owner' });
  expect(screen.getByRole('link', { name: 'Facturation' })).toHaveAttribute('href', '/dashboard/settings?link=billing');
});
