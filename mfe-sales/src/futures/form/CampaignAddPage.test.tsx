import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from 'shared-kernel/testing';
import CampaignAddPage from './CampaignAddPage';

describe('new primeur campaign', () => {
  it('offers one price per typology of the shop, and checks the vintage, the period, the article and a price before sending', async () => {
    const page = renderPage(<CampaignAddPage />, { route: '/dashboard/futures/add', api: { 'GET /stock/format-options': [] } });
    expect(screen.getByRole('heading', { level: 1, name: 'Nouvelle campagne de primeurs' })).toBeInTheDocument();
    const line = screen.getByRole('group', { name: 'Article 1' });
    expect(within(line).getByLabelText(/Prix HT Particulier/)).toBeInTheDocument();
    expect(within(line).getByLabelText(/Prix HT Professionnel/)).toBeInTheDocument();
    const vintage = screen.getByLabelText(/^Millésime/);
    await userEvent.clear(vintage);
    await userEvent.type(vintage, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la campagne' }));
    expect(await screen.findByText('Le millésime est une année sur 4 chiffres')).toBeInTheDocument();
    expect(screen.getByText('Indiquez le nom de la campagne')).toBeInTheDocument();
    expect(screen.getAllByText('Date au format AAAA-MM-JJ attendue')).toHaveLength(2);
    expect(within(line).getByText('Article inexistant')).toBeInTheDocument();
    expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
