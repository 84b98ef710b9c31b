// The settings page by the viewer's §6 rights (each section's metadata in its remote's routes.ts): a section they may
// not read is neither listed nor opened (and asks nothing). Every api call needs a handler here: a request the viewer's
// rights would refuse fails the test. The parts of a section the viewer may read but not change are tested beside it
// (the promotions' in mfe-marketing/src/settings/promotions/PromotionsRights.test.tsx).
import { screen, within } from '@testing-library/react';
import { resetContributions } from 'shared-kernel/runtime';
import { iamWith, renderPage } from 'shared-kernel/testing';
import SettingsPage from './SettingsPage';
import { provideRegistry } from './test-registry';

const route = '/dashboard/settings?link=promotions';
const sectionLinks = () =>
  within(screen.getByRole('navigation', { name: 'Sections des paramètres' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('settings sections by the viewer’s rights', () => {
  // every remote's sections, as the shell lends them
  beforeEach(() => provideRegistry());
  afterEach(resetContributions);

  it('lists to the owner every section', () => {
    renderPage(<SettingsPage />, { route: '/dashboard/settings', session: 'owner' });
    expect(sectionLinks()).toHaveLength(15);
  });

  it('hides from an iam with no right the sections whose data they may not read; their links say so and ask nothing', async () => {
    const page = renderPage(<SettingsPage />, { route, session: iamWith({}) });
    expect(sectionLinks()).toEqual(['Mon compte', 'Informations', 'CRM', 'Grilles de correspondance', 'Iframes', 'Intégrations']);
    expect(await screen.findByText('Vous n’avez pas accès à cette section des paramètres.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Programme de fidélité' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(page.calls).toEqual([]);
  });
});
