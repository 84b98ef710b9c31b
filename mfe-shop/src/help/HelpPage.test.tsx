import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from 'shared-kernel/i18n';
import { renderPage } from 'shared-kernel/testing';
import remote from '../module';
import HelpPage from './HelpPage';

const open = (route: string, language: 'fr' | 'en' = 'fr') => renderPage(<HelpPage />, { route, path: '/help', session: null, language });

describe('/help', () => {
  it('is the page the remote module gives for /help, to anonymous visitors', async () => {
    renderPage('/help', { module: remote, session: null });
    expect(await screen.findByRole('heading', { level: 1, name: "Centre d'aide" })).toBeInTheDocument();
  });

  it('groups the articles by area with a heading each', () => {
    open('/help');
    for (const area of ['Premiers pas', 'Boutique en ligne', 'Commandes et factures', 'Stock et DRM', 'Caisse', 'Pré-comptabilité']) {
      expect(screen.getByRole('heading', { level: 2, name: area })).toBeInTheDocument();
    }
    const pos = screen.getByRole('heading', { level: 2, name: 'Caisse' }).closest('section')!;
    expect(within(pos).getByRole('link', { name: /Encaisser au caveau/ })).toHaveAttribute('href', '/help?article=encaisser-au-caveau');
  });

  it('filters titles and bodies as one types, accents ignored, and keeps the search in the url', async () => {
    const page = open('/help');
    const box = screen.getByRole('searchbox', { name: "Rechercher dans l'aide" });
    await userEvent.type(box, 'cloturer');
    expect(screen.getByRole('link', { name: /Clôturer la journée/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Clôturer un mois comptable/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Saisir la DRM/ })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('2 articles');
    expect(page.location().search).toBe('?q=cloturer');
  });

  it('says when nothing matches and clears the search', async () => {
    open('/help?q=zzzz');
    expect(screen.getByText('Aucun article ne correspond à « zzzz ».')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Effacer la recherche' })[0]);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.getByRole('link', { name: /Saisir la DRM/ })).toBeInTheDocument();
  });

  it('opens an article from its link: numbered steps, links to the real screens, focus on its title, back to the search', async () => {
    const page = open('/help?q=drm');
    await userEvent.click(screen.getByRole('link', { name: /Saisir la DRM/ }));
    expect(page.location().search).toBe('?article=saisir-la-drm&q=drm');
    const title = screen.getByRole('heading', { level: 2, name: 'Saisir la DRM' });
    expect(title).toHaveFocus();
    const article = screen.getByRole('article');
    expect(within(article).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(within(article).getByRole('link', { name: 'DRM' })).toHaveAttribute('href', '/dashboard/stocks/drm');
    await userEvent.click(within(article).getByRole('link', { name: /Tous les articles/ }));
    expect(page.location().search).toBe('?q=drm');
  });

  it('opens an article straight from a shared link, and says so when the article does not exist', () => {
    open('/help?article=exporter-le-fec');
    expect(screen.getByRole('heading', { name: 'Exporter le FEC' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Journaux' })).toHaveAttribute('href', '/dashboard/accounting/journals');
    expect(
      screen.getByRole('img', { name: 'L’écran de l’article « Exporter le FEC », avec les données de démonstration' }),
    ).toBeInTheDocument();
  });

  it('shows a missing article as such', () => {
    open('/help?article=nope');
    expect(screen.getByRole('alert')).toHaveTextContent("Cet article n'existe pas");
    expect(screen.getByRole('link', { name: 'Tous les articles' })).toHaveAttribute('href', '/help');
  });

  it('lists the news at ?tab=changelog, version 5.5.1 first', () => {
    open('/help?tab=changelog');
    expect(screen.getByRole('link', { name: 'Nouveautés' })).toHaveAttribute('aria-current', 'page');
    const versions = screen.getAllByRole('heading', { level: 3 });
    expect(versions[0]).toHaveTextContent('Version 5.5.1');
    expect(versions[0]).toHaveTextContent('version actuelle');
    expect(screen.getByText(/Factur-X/)).toBeInTheDocument();
  });

  it('speaks English, articles included, and follows a language switch', async () => {
    open('/help?article=cloturer-la-journee', 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Help centre' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Close the day' })).toBeInTheDocument();
    await act(async () => {
      await setLanguage('fr');
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Clôturer la journée' })).toBeInTheDocument();
  });
});
