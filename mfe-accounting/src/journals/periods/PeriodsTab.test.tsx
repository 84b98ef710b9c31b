import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERIOD_MESSAGES, type AccountingPeriod } from 'shared-kernel/contracts';
import { type ApiRequest, dialogTitled, iamWith, renderPage, reply, type SessionOption } from 'shared-kernel/testing';
import { fiscalYears, period } from '../journals.fixtures';
import JournalsPage from '../JournalsPage';

const PATH = '/dashboard/accounting/journals';

/** January closed, February over and never exported, March over and exported, the rest not over yet. */
function year(): AccountingPeriod[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = `2026-${String(i + 1).padStart(2, '0')}`;
    if (i === 0)
      return period(month, {
        status: 'closed',
        exportedAt: '2026-02-05T09:30:00.000Z',
        history: [{ action: 'close', at: '2026-02-05T10:00:00.000Z', by: 'Olivier Propriétaire', reason: null }],
      });
    if (i === 1) return period(month, { entries: 20 });
    if (i === 2) return period(month, { exportedAt: '2026-04-02T08:00:00.000Z' });
    return period(month, { over: false, entries: 0 });
  });
}

function open(session: SessionOption = 'owner', handlers: Record<string, unknown> = {}) {
  let periods = year();
  const answer = (month: string, change: Partial<AccountingPeriod>, message: string) => {
    periods = periods.map((p) => (p.month === month ? { ...p, ...change } : p));
    return { ...periods.find((p) => p.month === month)!, message };
  };
  return renderPage(<JournalsPage routePath={PATH} />, {
    route: `${PATH}?tab=periods`,
    path: PATH,
    session,
    api: {
      'GET /accounting/fiscal-years': fiscalYears(),
      'GET /accounting/periods': () => periods,
      'POST /accounting/periods/:month/close': (req: ApiRequest) =>
        answer(req.params.month, { status: 'closed' }, PERIOD_MESSAGES.closed('février 2026')),
      'POST /accounting/periods/:month/reopen': (req: ApiRequest) =>
        answer(req.params.month, { status: 'open' }, PERIOD_MESSAGES.reopened('janvier 2026')),
      ...handlers,
    },
  });
}

const rowOf = (label: string) => screen.getByText(label).closest<HTMLElement>('[data-testid="period-row"]')!;

describe('Clôtures', () => {
  it('lists the 12 months of the fiscal year with their status, entries, export and history', async () => {
    const page = open();
    const rows = await screen.findAllByTestId('period-row');
    expect(rows).toHaveLength(12);
    expect(page.api.callsTo('GET /accounting/periods')[0].query).toEqual({ year: '2026' });
    const january = rowOf('Janvier 2026');
    expect(within(january).getByText('Clôturée')).toBeInTheDocument();
    expect(within(january).getByText(/^Clôturée le 05\/02\/2026 \d\d:00 par Olivier Propriétaire$/)).toBeInTheDocument();
    expect(within(rowOf('Février 2026')).getByText('Ouverte')).toBeInTheDocument();
    expect(within(rowOf('Février 2026')).getByText('Jamais exportée')).toBeInTheDocument();
    expect(within(rowOf('Février 2026')).getByText('20')).toBeInTheDocument();
    expect(within(rowOf('Avril 2026')).queryByRole('button')).toBeNull();
    expect(within(rowOf('Avril 2026')).getByText('Mois non terminé')).toBeInTheDocument();
  });

  it('closes a month after a confirmation that warns it was never exported', async () => {
    const page = open();
    await screen.findAllByTestId('period-row');
    await userEvent.click(screen.getByRole('button', { name: 'Clôturer Février 2026' }));
    const dialog = await dialogTitled('Clôturer la période Février 2026 ?');
    expect(dialog).toHaveTextContent('ne pourront plus être créés, modifiés ou annulés');
    expect(within(dialog).getByText('Cette période n’a pas encore été exportée')).toBeInTheDocument();
    expect(page.api.callsTo('POST /accounting/periods/:month/close')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Clôturer' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Période février 2026 clôturée', error: false }]));
    expect(page.api.callsTo('POST /accounting/periods/:month/close').map((c) => c.path)).toEqual(['/accounting/periods/2026-02/close']);
    await waitFor(() => expect(within(rowOf('Février 2026')).getByText('Clôturée')).toBeInTheDocument());
  });

  it('does not warn about the export of an exported month, and cancelling closes nothing', async () => {
    const page = open();
    await screen.findAllByTestId('period-row');
    await userEvent.click(screen.getByRole('button', { name: 'Clôturer Mars 2026' }));
    const dialog = await dialogTitled('Clôturer la période Mars 2026 ?');
    expect(within(dialog).queryByText('Cette période n’a pas encore été exportée')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByText('Clôturer la période Mars 2026 ?')).toBeNull());
    expect(page.api.callsTo('POST /accounting/periods/:month/close')).toHaveLength(0);
  });

  it('shows the api refusal as an error snackbar', async () => {
    const page = open('owner', {
      'POST /accounting/periods/:month/close': reply(409, { success: false, message: PERIOD_MESSAGES.notOver }),
    });
    await screen.findAllByTestId('period-row');
    await userEvent.click(screen.getByRole('button', { name: 'Clôturer Mars 2026' }));
    const dialog = await dialogTitled('Clôturer la période Mars 2026 ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clôturer' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: PERIOD_MESSAGES.notOver, error: true }]));
  });

  it('reopens a closed month for the owner, with a required reason', async () => {
    const page = open();
    await screen.findAllByTestId('period-row');
    await userEvent.click(screen.getByRole('button', { name: 'Rouvrir Janvier 2026' }));
    const dialog = await dialogTitled('Rouvrir la période Janvier 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rouvrir la période' }));
    expect(await within(dialog).findByText(PERIOD_MESSAGES.reason)).toBeInTheDocument();
    expect(page.api.callsTo('POST /accounting/periods/:month/reopen')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Raison de la réouverture/), 'Avoir oublié sur une facture de janvier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rouvrir la période' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Période janvier 2026 rouverte', error: false }]));
    const [call] = page.api.callsTo('POST /accounting/periods/:month/reopen');
    expect(call.path).toBe('/accounting/periods/2026-01/reopen');
    expect(call.body).toEqual({ reason: 'Avoir oublié sur une facture de janvier' });
    await waitFor(() => expect(within(rowOf('Janvier 2026')).getByText('Ouverte')).toBeInTheDocument());
  });

  it('lets an iam with the accounting codes right close but never reopen', async () => {
    open(iamWith({ accessAccounting: true, editAccountingCodes: true }));
    await screen.findAllByTestId('period-row');
    expect(screen.getByRole('button', { name: 'Clôturer Février 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rouvrir/ })).toBeNull();
  });

  it('shows an iam who may only read the journals neither button', async () => {
    open(iamWith({ accessAccounting: true }));
    await screen.findAllByTestId('period-row');
    expect(screen.queryByRole('button', { name: /Clôturer|Rouvrir/ })).toBeNull();
  });
});
