import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PENDING, reply, renderPage, type ApiHandlers } from 'shared-kernel/testing';
import remote from '../module';
import RoiPage from './RoiPage';

const sent = { success: true, message: 'Les résultats vous seront envoyés par e-mail dans quelques instants.' };
const open = (api: ApiHandlers = {}, language: 'fr' | 'en' = 'fr') =>
  renderPage(<RoiPage />, { route: '/roi-simulator', session: null, api, language });

/** Intl's French format uses narrow no-break spaces: compare with plain spaces. */
const plain = (s: string | null) => (s ?? '').replace(/[\u202f\u00a0]/g, ' ');
const results = () => screen.getByRole('region', { name: 'Vos résultats' });
const valueOf = (term: string) => plain(within(results()).getByText(term).nextElementSibling!.textContent);

async function fillProducer() {
  const type = async (label: string, value: string) => {
    const input = screen.getByLabelText(label);
    await userEvent.clear(input);
    await userEvent.type(input, value);
  };
  await type('Au caveau', '6000');
  await type('Sur les salons', '2000');
  await type('Sur la boutique en ligne', '1500');
  await type('Aux professionnels', '10500');
  await type('Commandes par mois', '40');
  await type('Heures par semaine sur la facturation', '4');
  await type('Heures par semaine sur le stock et la DRM', '3');
  await type('Coût mensuel de vos outils actuels', '60');
}

describe('/roi-simulator', () => {
  it('is the page the remote module gives for /roi-simulator, to anonymous visitors', async () => {
    renderPage('/roi-simulator', { module: remote, session: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Simulateur de retour sur investissement' })).toBeInTheDocument();
  });

  it('starts empty: no figure until the producer enters theirs, sending disabled', () => {
    open();
    expect(within(results()).getByText(/Renseignez vos chiffres/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recevoir ces résultats par e-mail' })).toBeDisabled();
  });

  it('computes the results live from what is typed, with the assumptions shown', async () => {
    open();
    // the default assumptions are on screen and editable
    expect(screen.getByLabelText('Part du temps de facturation gagnée')).toHaveValue('60');
    expect(screen.getByLabelText('Part du temps de stock et DRM gagnée')).toHaveValue('50');
    expect(screen.getByLabelText('Coût d’une heure de travail')).toHaveValue('25');
    await fillProducer();
    expect(valueOf('Temps gagné par mois')).toBe('18,9 h');
    expect(valueOf('Gain net par mois')).toBe('483,50 €');
    expect(valueOf('Gain net par an')).toBe('5 802,00 €');
    expect(valueOf('Retour sur investissement')).toBe('0,62 mois');
    expect(valueOf('Coût de gestion par bouteille (avant → après)')).toBe('0,52 € → 0,23 €');
    // the chart: one image describing both costs, the 'after' bar shorter than the 'before' one
    const chart = screen.getByRole('img', { name: /Coût mensuel avant et après/ });
    expect(plain(chart.textContent)).toContain('868,33 €');
    expect(Number(screen.getByTestId('bar-1').dataset.height)).toBeLessThan(Number(screen.getByTestId('bar-0').dataset.height));

    // one more hour of invoicing a week: + 1 × 60 % × 52/12 = 2.6 h
    const invoicing = screen.getByLabelText('Heures par semaine sur la facturation');
    await userEvent.clear(invoicing);
    await userEvent.type(invoicing, '5');
    expect(valueOf('Temps gagné par mois')).toBe('21,5 h');
  });

  it('follows an edited assumption and restores the defaults', async () => {
    open();
    await fillProducer();
    const hourly = screen.getByLabelText('Coût d’une heure de travail');
    await userEvent.clear(hourly);
    await userEvent.type(hourly, '30,5');
    // 18.9 h × 30.50 € = 576.45 €
    expect(valueOf('Valeur du temps gagné par mois')).toBe('576,45 €');
    await userEvent.click(screen.getByRole('button', { name: 'Rétablir les hypothèses par défaut' }));
    expect(hourly).toHaveValue('25');
    expect(valueOf('Valeur du temps gagné par mois')).toBe('472,50 €');
  });

  it('names the field in error and hides the figures until it is corrected', async () => {
    open();
    await fillProducer();
    const stock = screen.getByLabelText('Heures par semaine sur le stock et la DRM');
    await userEvent.clear(stock);
    await userEvent.type(stock, '200');
    expect(stock).toHaveAttribute('aria-invalid', 'true');
    expect(stock).toHaveAccessibleDescription('« Heures par semaine sur le stock et la DRM » ne peut pas dépasser 168');
    expect(within(results()).getByRole('alert')).toHaveTextContent('Corrigez les champs signalés');
    expect(screen.getByRole('button', { name: 'Recevoir ces résultats par e-mail' })).toBeDisabled();

    await userEvent.clear(stock);
    await userEvent.type(stock, 'abc');
    expect(stock).toHaveAccessibleDescription('« Heures par semaine sur le stock et la DRM » doit être un nombre');
    await userEvent.clear(stock);
    await userEvent.type(stock, '3');
    expect(stock).not.toHaveAttribute('aria-invalid');
    expect(valueOf('Gain net par mois')).toBe('483,50 €');
  });

  it('sends the figures by email to /v1/roi/send and says so', async () => {
    const page = open({ 'POST /roi/send': () => reply(202, sent) });
    await fillProducer();
    await userEvent.type(screen.getByLabelText('Votre adresse e-mail'), 'vigneron@example.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir ces résultats par e-mail' }));
    expect(await screen.findByText('C’est parti : les résultats arrivent à vigneron@example.fr.')).toBeInTheDocument();
    const call = page.calls.find((c) => c.path === '/roi/send')!;
    expect(call.method).toBe('POST');
    expect(call.body).toMatchObject({
      email: 'vigneron@example.fr',
      lang: 'fr',
      inputs: { bottlesCellar: 6000, ordersPerMonth: 40, invoicingHoursPerWeek: 4, stockHoursPerWeek: 3, toolsMonthlyCost: 60 },
      assumptions: { invoicingTimeSavedPct: 60, hourlyCost: 25 },
      results: { hoursSavedPerMonth: 18.9, netGainPerMonth: 483.5, netGainPerYear: 5802, paybackMonths: 0.62 },
    });
  });

  it('checks the email before sending, and shows the api message under the field', async () => {
    const page = open({ 'POST /roi/send': () => reply(400, { success: false, message: 'Le mail est incorrect', field: 'email' }) });
    await fillProducer();
    const email = screen.getByLabelText('Votre adresse e-mail');
    await userEvent.type(email, 'pas-un-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir ces résultats par e-mail' }));
    expect(email).toHaveAccessibleDescription('Le mail est incorrect');
    expect(page.calls).toHaveLength(0);

    await userEvent.clear(email);
    await userEvent.type(email, 'a@b.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir ces résultats par e-mail' }));
    expect(await screen.findByText('Le mail est incorrect')).toBeInTheDocument();
    expect(page.calls).toHaveLength(1);
  });

  it('disables the button while sending', async () => {
    open({ 'POST /roi/send': () => PENDING });
    await fillProducer();
    await userEvent.type(screen.getByLabelText('Votre adresse e-mail'), 'a@b.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir ces résultats par e-mail' }));
    expect(await screen.findByRole('button', { name: 'Envoi en cours…' })).toBeDisabled();
  });

  it('shows an error the api gives (too many sends)', async () => {
    open({
      'POST /roi/send': () =>
        reply(429, { success: false, message: 'Trop de demandes d’envoi depuis cette adresse. Réessayez dans une heure.' }),
    });
    await fillProducer();
    await userEvent.type(screen.getByLabelText('Votre adresse e-mail'), 'a@b.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Recevoir ces résultats par e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de demandes');
    expect(screen.getByRole('button', { name: 'Recevoir ces résultats par e-mail' })).toBeEnabled();
  });

  it('speaks English', async () => {
    open({}, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Return on investment simulator' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Hours per week on invoicing'), '10');
    // 10 × 60 % × 52/12 = 26 h; × 25 € = 650 €; − 49 € = 601 €
    expect(
      plain(within(screen.getByRole('region', { name: 'Your results' })).getByText('Net gain per month').nextElementSibling!.textContent),
    ).toBe('€601.00');
  });
});
