import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads, renderPage, reply, type ApiHandlers } from 'shared-kernel/testing';
import { fixClock, salesPoint, verification } from '../../salespoints.fixtures';
import SalesPointDetailPage from '../SalesPointDetailPage';

const PATH = '/dashboard/salespoints/:id';

function open(handlers: ApiHandlers = {}) {
  return renderPage(<SalesPointDetailPage routePath={PATH} />, {
    route: '/dashboard/salespoints/3?tab=integrity',
    path: PATH,
    api: { 'GET /pos/salespoints/3': salesPoint({ id: 3, name: 'Caveau des Lys' }), ...handlers },
  });
}

beforeEach(() => fixClock('2026-11-26T15:00:00Z'));
afterEach(() => jest.useRealTimers());

describe('Intégrité tab', () => {
  it('explains the journal and says it is intact after the check', async () => {
    const page = open({ 'GET /pos/salespoints/3/verify': verification() });
    const card = await screen.findByTestId('verify-card');
    expect(card).toHaveTextContent('CGI, art. 286 I 3° bis');
    // nothing is checked until asked
    expect(page.api.callsTo('GET /pos/salespoints/:id/verify')).toHaveLength(0);
    await userEvent.click(within(card).getByRole('button', { name: /Vérifier maintenant/ }));
    const status = await within(card).findByRole('status');
    expect(status).toHaveTextContent('Journal intact : 1 284 enregistrements vérifiés, grand total 45 678,00 €');
    expect(status).toHaveTextContent('Vérifié le 26/11/2026 15:00');
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('names the first broken record when the chain is broken', async () => {
    open({
      'GET /pos/salespoints/3/verify': verification({
        intact: false,
        records: 1284,
        broken: { seq: 311, kind: 'ticket', ref: 'CAVEAU-000042', reason: 'le contenu ne correspond plus à son empreinte' },
      }),
    });
    const card = await screen.findByTestId('verify-card');
    await userEvent.click(within(card).getByRole('button', { name: /Vérifier maintenant/ }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Journal altéré');
    expect(within(alert).getByTestId('broken-record')).toHaveTextContent(
      'Ticket CAVEAU-000042 (enregistrement n°311) : le contenu ne correspond plus à son empreinte',
    );
    expect(alert).not.toHaveTextContent('Journal intact');
  });

  it('says when the check cannot be made', async () => {
    open({ 'GET /pos/salespoints/3/verify': reply(500, { success: false, message: 'Service indisponible' }) });
    const card = await screen.findByTestId('verify-card');
    await userEvent.click(within(card).getByRole('button', { name: /Vérifier maintenant/ }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('La vérification n’a pas pu être faite');
    expect(alert).toHaveTextContent('Service indisponible');
  });

  it('exports the signed archive of the year so far', async () => {
    const downloads = captureDownloads();
    try {
      open();
      const card = await screen.findByTestId('archive-card');
      expect(within(card).getByLabelText('Du')).toHaveValue('01/01/2026');
      expect(within(card).getByLabelText('Au')).toHaveValue('26/11/2026');
      await userEvent.click(within(card).getByRole('button', { name: /Exporter l’archive/ }));
      await waitFor(() =>
        expect(downloads.saved).toEqual([
          {
            url: '/v1/pos/salespoints/3/archive?from=2026-01-01&to=2026-11-26',
            filename: 'archive-caveau-des-lys-2026-01-01-2026-11-26.json',
          },
        ]),
      );
    } finally {
      downloads.restore();
    }
  });
});
