import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply, type ApiHandlers, type ApiRequest } from 'shared-kernel/testing';
import { formatCents, formatDateTime } from 'shared-kernel/domain';
import type { QueuedTicket } from '../offline';
import * as offline from '../offline';
import { CashRegisterRoot } from './CashRegisterRoot';
import { CREMANT, MACON, SALES_POINT, fakeQueue, mockOffline, pricedFor, rejectedTicket, ticketFor } from './till.fixtures';

jest.mock('../offline', () => ({
  useCachedCatalog: jest.fn(),
  useTillQueue: jest.fn(),
  catalogKey: (id: number) => ['pos', 'salespoints', id, 'catalog', 'till'],
}));

async function openTill(api: ApiHandlers = {}) {
  const page = renderPage(<CashRegisterRoot salesPointId="3" />, {
    route: '/dashboard/salespoints/3/new-order',
    api: { 'GET /pos/salespoints/:id': SALES_POINT, ...api },
  });
  await screen.findByRole('button', { name: /^Mâcon-Pierreclos 2023/ });
  return page;
}

const ticket = () => screen.getByRole('region', { name: 'Ticket' });
const total = () => within(ticket()).getByTestId('ticket-total').textContent;
const euros = (cents: number) => formatCents(cents).replace(/\s/g, ' ');
const typeNumber = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function dialogTitled(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(title);
  return dialog;
}

async function payByCard() {
  fireEvent.click(screen.getByRole('button', { name: /^Encaisser/ }));
  const pay = await dialogTitled('Encaissement');
  fireEvent.click(within(pay).getByRole('button', { name: 'Carte bancaire' }));
  fireEvent.click(within(pay).getByRole('button', { name: 'Valider le paiement' }));
  await screen.findByRole('heading', { name: 'Vente enregistrée' });
}

describe('the till: a price changed at the counter', () => {
  it('« Modifier le prix » shows the catalogue price, the line then sells at the new price with « prix modifié », sent as unitPriceTTC', async () => {
    const queue = mockOffline(offline);
    await openTill();
    const tile = screen.getByRole('button', { name: /^Mâcon-Pierreclos 2023/ });
    fireEvent.click(tile);
    fireEvent.click(tile);
    const line = await within(ticket()).findByRole('listitem', { name: MACON.label });
    expect(within(line).queryByText('prix modifié')).not.toBeInTheDocument();

    fireEvent.click(within(line).getByRole('button', { name: `Modifier le prix de ${MACON.label}` }));
    const field = within(line).getByRole('spinbutton', { name: `Prix unitaire TTC de ${MACON.label} (€)` });
    expect(field).toHaveValue('14,50');
    expect(field).toHaveAccessibleDescription(`Prix catalogue : ${formatCents(MACON.unitPriceTTC)}`);

    typeNumber(field, '12');
    expect(within(line).getByTestId('line-unit')).toHaveTextContent(`${euros(1200)} l’unité · prix modifié`);
    expect(total()).toBe(formatCents(2400));

    // back to the catalogue's price: nothing changed any more
    fireEvent.click(within(line).getByRole('button', { name: 'Revenir au prix catalogue' }));
    expect(within(line).queryByText('prix modifié')).not.toBeInTheDocument();
    expect(total()).toBe(formatCents(2900));
    expect(field).toHaveValue('14,50');

    typeNumber(field, '11,9');
    expect(total()).toBe(formatCents(2380));
    fireEvent.click(screen.getByRole('button', { name: /^Crémant de Bourgogne/ }));
    await payByCard();
    expect(queue.queue.submit.mock.calls[0][0].lines).toEqual([
      { formatId: MACON.formatId, label: MACON.label, quantity: 2, unitPriceTTC: 1190, discount: null, free: false },
      { formatId: CREMANT.formatId, label: CREMANT.label, quantity: 1, discount: null, free: false },
    ]);
  });

  it('offline too: the queued ticket keeps the changed price', async () => {
    const queued = fakeQueue(
      async (input) => ({
        status: 'queued',
        number: 'HL-3-4',
        priced: pricedFor({ key: 'k', ...input }),
        key: 'k',
        at: '2026-11-26T10:20:00.000Z',
      }),
      { online: false },
    );
    mockOffline(offline, { queue: queued });
    await openTill();
    fireEvent.click(screen.getByRole('button', { name: /^Crémant de Bourgogne/ }));
    const line = await within(ticket()).findByRole('listitem', { name: CREMANT.label });
    fireEvent.click(within(line).getByRole('button', { name: `Modifier le prix de ${CREMANT.label}` }));
    typeNumber(within(line).getByRole('spinbutton', { name: `Prix unitaire TTC de ${CREMANT.label} (€)` }), '10');
    fireEvent.click(screen.getByRole('button', { name: /^Encaisser/ }));
    const pay = await dialogTitled('Encaissement');
    fireEvent.click(within(pay).getByRole('button', { name: 'Carte bancaire' }));
    fireEvent.click(within(pay).getByRole('button', { name: 'Valider le paiement' }));
    expect(await screen.findByText('Ticket hors ligne n° HL-3-4 : il sera envoyé au retour du réseau')).toBeInTheDocument();
    expect(queued.queue.submit.mock.calls[0][0]).toMatchObject({
      lines: [{ formatId: CREMANT.formatId, quantity: 1, unitPriceTTC: 1000 }],
      payments: [{ method: 'card', amount: 1000 }],
    });
  });
});

describe('the till: a new client at the counter', () => {
  it('« Nouveau client »: checked fields, the api’s field error under its field, then the client is the ticket’s', async () => {
    const queue = mockOffline(offline);
    let calls = 0;
    const page = await openTill({
      // a new client holds no points: nothing shown
      'GET /loyalty/clients/:id': () => reply(404, { success: false, message: 'Client introuvable' }),
      'POST /crm/clients': (req: ApiRequest) => {
        calls++;
        if (calls === 1) return reply(400, { success: false, message: 'Ce mail est déjà celui d’un autre client', field: 'email' });
        const body = req.body as { firstname: string; lastname: string; email: string };
        return [201, { id: 77, name: `${body.firstname} ${body.lastname}`, email: body.email, message: 'Client créé' }];
      },
    });
    fireEvent.click(within(ticket()).getByRole('button', { name: 'Nouveau client' }));
    const dialog = await dialogTitled('Nouveau client');
    const create = within(dialog).getByRole('button', { name: 'Créer le client' });

    // a private client needs a name; the e-mail, optional, must be right
    fireEvent.change(within(dialog).getByLabelText('Prénom'), { target: { value: 'Jeanne' } });
    fireEvent.change(within(dialog).getByLabelText('E-mail (facultatif)'), { target: { value: 'jeanne@' } });
    fireEvent.click(create);
    expect(await within(dialog).findByText('Ce champ ne peut pas être vide')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nom')).toHaveAccessibleDescription('Ce champ ne peut pas être vide');
    expect(within(dialog).getByLabelText('E-mail (facultatif)')).toHaveAccessibleDescription('Le mail est incorrect');
    expect(page.api.callsTo('POST /crm/clients')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'Martin' } });
    fireEvent.change(within(dialog).getByLabelText('E-mail (facultatif)'), { target: { value: 'jeanne@exemple.fr' } });
    fireEvent.click(create);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('E-mail (facultatif)')).toHaveAccessibleDescription('Ce mail est déjà celui d’un autre client'),
    );
    expect(within(dialog).getByLabelText('Nom')).not.toHaveAccessibleDescription();

    fireEvent.change(within(dialog).getByLabelText('E-mail (facultatif)'), { target: { value: 'jeanne.martin@exemple.fr' } });
    fireEvent.click(create);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page.api.callsTo('POST /crm/clients').at(-1)!.body).toEqual({
      kind: 'private',
      firstname: 'Jeanne',
      lastname: 'Martin',
      email: 'jeanne.martin@exemple.fr',
      phone: null,
      company: null,
    });
    expect(within(ticket()).getByTitle('Jeanne Martin')).toBeInTheDocument();
    expect(screen.getByText('Client créé : Jeanne Martin')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /^Mâcon-Pierreclos 2023/ }));
    await payByCard();
    expect(queue.queue.submit.mock.calls[0][0]).toMatchObject({ clientId: 77 });
  });

  it('« Professionnel » asks for the société and sends a professional client; the keyboard alone does it', async () => {
    mockOffline(offline);
    const page = await openTill({
      // a new client holds no points: nothing shown
      'GET /loyalty/clients/:id': () => reply(404, { success: false, message: 'Client introuvable' }),
      'POST /crm/clients': (req: ApiRequest) => [201, { id: 78, name: (req.body as { company: string }).company, email: null }],
    });
    const user = userEvent.setup();
    fireEvent.click(within(ticket()).getByRole('button', { name: 'Nouveau client' }));
    const dialog = await dialogTitled('Nouveau client');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Professionnel' }));
    await user.click(within(dialog).getByLabelText('Téléphone (facultatif)'));
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Ce champ ne peut pas être vide')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Société')).toHaveAccessibleDescription('Ce champ ne peut pas être vide');
    // the name is not needed for a professional
    expect(within(dialog).getByLabelText('Nom')).not.toHaveAccessibleDescription();

    await user.type(within(dialog).getByLabelText('Société'), 'Cave du Village{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page.api.callsTo('POST /crm/clients')[0].body).toMatchObject({
      kind: 'professional',
      company: 'Cave du Village',
      lastname: null,
    });
    expect(within(ticket()).getByTitle('Cave du Village')).toBeInTheDocument();
  });
});

describe('the till: offline tickets refused by the server', () => {
  const AT_1 = '2026-11-25T16:02:00.000Z';
  const AT_2 = '2026-11-25T16:40:00.000Z';
  const first = rejectedTicket(
    1,
    { key: 'key-hl-1', lines: [{ formatId: MACON.formatId, quantity: 2 }], payments: [{ method: 'cash', amount: 2900 }] },
    'Ouvrez une session de caisse avant d’encaisser',
    AT_1,
  );
  const second = rejectedTicket(
    2,
    { key: 'key-hl-2', lines: [{ formatId: CREMANT.formatId, quantity: 1 }], payments: [{ method: 'cheque', amount: 1200 }] },
    'Ce point de vente ne prend pas ce mode de règlement',
    AT_2,
  );

  it('the banner opens the list (number, time, total, the server’s message); « Réessayer » retries, nothing is deleted', async () => {
    const waiting: QueuedTicket[] = [first, second];
    const queue = fakeQueue(async () => ({ status: 'recorded', ticket: ticketFor({ key: 'k', lines: [], payments: [] }) }), {
      waiting,
      // the first goes through, the second is refused again
      retry: async (key) => {
        const i = waiting.findIndex((x) => x.key === key);
        if (key === first.key) waiting.splice(i, 1);
        else waiting[i] = { ...waiting[i], rejection: { ...waiting[i].rejection!, message: 'Choisissez un mode de règlement' } };
      },
    });
    mockOffline(offline, { queue });
    await openTill();

    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('2 ticket(s) hors ligne refusé(s) par le serveur');
    fireEvent.click(within(banner).getByRole('button', { name: 'Voir les tickets refusés' }));
    const dialog = await dialogTitled('Tickets hors ligne refusés');
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAccessibleName('Ticket HL-3-1');
    expect(items[0]).toHaveTextContent(`Fait le ${formatDateTime(AT_1)}`);
    expect(within(items[0]).getByTestId('rejected-total')).toHaveTextContent(euros(2900));
    expect(items[0]).toHaveTextContent('Refusé par le serveur : Ouvrez une session de caisse avant d’encaisser');
    expect(items[1]).toHaveTextContent(`Fait le ${formatDateTime(AT_2)}`);
    expect(within(items[1]).getByTestId('rejected-total')).toHaveTextContent(euros(1200));
    expect(items[1]).toHaveTextContent('Refusé par le serveur : Ce point de vente ne prend pas ce mode de règlement');
    // kept on the device: no way to delete one
    expect(within(dialog).queryByRole('button', { name: /supprimer|effacer/i })).not.toBeInTheDocument();

    fireEvent.click(within(items[0]).getByRole('button', { name: 'Réessayer le ticket HL-3-1' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Ticket HL-3-1 enregistré par le serveur');
    expect(queue.queue.retry).toHaveBeenCalledWith('key-hl-1');
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Réessayer le ticket HL-3-2' }));
    expect(await within(dialog).findByText('Ticket HL-3-2 refusé à nouveau : Choisissez un mode de règlement')).toBeInTheDocument();
    expect(queue.queue.retry).toHaveBeenLastCalledWith('key-hl-2');
    expect(within(dialog).getByRole('listitem', { name: 'Ticket HL-3-2' })).toHaveTextContent(
      'Refusé par le serveur : Choisissez un mode de règlement',
    );
  });

  it('a retry that cannot reach the server leaves the ticket waiting, said so', async () => {
    const waiting: QueuedTicket[] = [first];
    const queue = fakeQueue(async () => ({ status: 'recorded', ticket: ticketFor({ key: 'k', lines: [], payments: [] }) }), {
      waiting,
      retry: async () => {
        waiting[0] = { ...waiting[0], status: 'queued', rejection: null };
      },
    });
    mockOffline(offline, { queue });
    await openTill();
    fireEvent.click(screen.getByRole('button', { name: 'Voir les tickets refusés' }));
    const dialog = await dialogTitled('Tickets hors ligne refusés');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Réessayer le ticket HL-3-1' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Ticket HL-3-1 en attente d’envoi : le serveur ne répond pas');
    expect(await within(dialog).findByText('Aucun ticket refusé')).toBeInTheDocument();
  });
});
