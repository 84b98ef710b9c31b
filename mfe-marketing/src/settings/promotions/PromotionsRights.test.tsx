// The settings section « promotions » by the viewer's §6 rights (its two parts' in ../section-access.ts): the part they
// may not read is not shown (and asks nothing); the one they may read but not change is read-only. Every api call needs
// a handler here: a request the viewer's rights would refuse fails the test.
import { screen, within } from '@testing-library/react';
import type { LoyaltyProgram } from 'shared-kernel/contracts';
import { iamWith, paginatedOf, renderPage } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';
import { promoCode } from './promotions.fixtures';

const route = '/dashboard/settings?link=promotions';
const code = promoCode({});
const program: LoyaltyProgram = {
  active: true,
  basis: 'euro',
  pointsPerUnit: 2,
  levels: [
    {
      name: 'Or',
      threshold: 500,
      offers: [
        { kind: 'discount', type: '%', amount: 10 },
        { kind: 'products', productIds: [11], maxProducts: 1 },
      ],
    },
  ],
  updatedAt: '2026-03-01T10:00:00.000Z',
};
const sectionLinks = () =>
  within(screen.getByRole('navigation', { name: 'Sections des paramètres' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('promotions by the viewer’s rights', () => {
  it('shows an iam with seeAllClient the loyalty programme read-only, and neither the codes nor the products are asked for', async () => {
    const page = renderPage(<SettingsPage />, {
      route,
      session: 'iam', // seeAllOrder, createOrder, seeAllClient, createClient
      api: { 'GET /loyalty/program': program },
    });
    expect(sectionLinks()).toContain('Promotions');
    const card = await screen.findByRole('region', { name: 'Programme de fidélité' });
    await within(card).findByRole('group', { name: 'Palier 1' });
    expect(
      within(card).getByText(
        'Lecture seule : seuls le propriétaire et les collaborateurs ayant le droit « Gérer les campagnes » peuvent modifier le programme de fidélité.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('switch', { name: 'Programme actif' })).toBeDisabled();
    expect(within(card).getByLabelText(/^Nom du palier/)).toBeDisabled();
    expect(within(card).getByLabelText(/^Seuil/)).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Ajouter un palier' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Supprimer/ })).toBeNull();
    // the codes' list is not there: the api answers 403 to this iam
    expect(screen.queryByRole('button', { name: 'Nouveau code promo' })).toBeNull();
    expect(page.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /loyalty/program']);
  });

  it('shows an iam with seeAllPrice the codes read-only, without the loyalty programme', async () => {
    const page = renderPage(<SettingsPage />, {
      route,
      session: iamWith({ seeAllPrice: true }),
      api: { 'GET /promo-codes': (req) => paginatedOf([code], req.query) },
    });
    const row = await screen.findByRole('row', { name: /BIENVENUE10/ });
    expect(
      screen.getByText(
        'Lecture seule : seuls le propriétaire et les collaborateurs ayant le droit « Gérer les campagnes » peuvent modifier les codes promo.',
      ),
    ).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nouveau code promo' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Programme de fidélité' })).toBeNull();
    expect(page.calls.every((c) => c.path === '/promo-codes')).toBe(true);
  });

  it('lets an iam with createCampaign change both', async () => {
    renderPage(<SettingsPage />, {
      route,
      session: iamWith({ createCampaign: true }),
      api: { 'GET /promo-codes': (req) => paginatedOf([code], req.query), 'GET /loyalty/program': program },
    });
    const row = await screen.findByRole('row', { name: /BIENVENUE10/ });
    expect(within(row).getByRole('button', { name: 'Modifier BIENVENUE10' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Nouveau code promo' })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Programme de fidélité' });
    expect(await within(card).findByRole('switch', { name: 'Programme actif' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
    expect(screen.queryByText(/^Lecture seule/)).toBeNull();
  });
});
