import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage, type ApiHandlers } from 'shared-kernel/testing';
import { displayFrames, formatCents } from 'shared-kernel/domain';
import type { SalesPoint } from 'shared-kernel/contracts';
import * as offline from '../offline';
import { CashRegisterRoot } from './CashRegisterRoot';
import { fakePort, fakeSerial } from './fake-serial';
import { scannerClock } from './useBarcodeScanner';
import { GTIN_CREMANT, GTIN_MACON, GTIN_UNKNOWN, MACON, SALES_POINT, fakeQueue, mockOffline, pricedFor, ticketFor } from './till.fixtures';

jest.mock('../offline', () => ({
  useCachedCatalog: jest.fn(),
  useTillQueue: jest.fn(),
  catalogKey: (id: number) => ['pos', 'salespoints', id, 'catalog', 'till'],
}));

async function openTill(salesPoint: SalesPoint = SALES_POINT, api: ApiHandlers = {}) {
  const page = renderPage(<CashRegisterRoot salesPointId="3" />, {
    route: '/dashboard/salespoints/3/new-order',
    api: { 'GET /pos/salespoints/:id': salesPoint, ...api },
  });
  await screen.findByRole('button', { name: /^Mâcon-Pierreclos 2023/ });
  return page;
}

/** A scanner: the digits a few ms apart, then Enter, on whatever has the focus. */
function scan(code: string, target: Element = document.activeElement ?? document.body) {
  for (const key of code) fireEvent.keyDown(target, { key });
  fireEvent.keyDown(target, { key: 'Enter' });
}

const ticket = () => screen.getByRole('region', { name: 'Ticket' });
const quantityOf = (label: string) => within(ticket()).getByLabelText(`Quantité de ${label}`).textContent;
const total = () => within(ticket()).getByTestId('ticket-total').textContent;
/** antd names its dialogs through ids that are constant in tests: find the one open, check its title. */
async function payDialog() {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Encaissement');
  return dialog;
}
/** An amount as the screen writes it, its narrow no-break spaces as testing-library reads them. */
const euros = (cents: number) => formatCents(cents).replace(/\s/g, ' ');
const typeNumber = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

// a scanner types 5 ms apart, however slow the test machine is
let clock = 0;
const realClock = scannerClock.now;
beforeEach(() => {
  scannerClock.now = () => (clock += 5);
});
afterEach(() => {
  scannerClock.now = realClock;
  delete (navigator as { serial?: unknown }).serial;
});

describe('the till: ringing up', () => {
  it('a scan adds the item (+1 when it is there), a bad check digit or an unknown code is refused, the field takes typed codes', async () => {
    mockOffline(offline);
    await openTill();
    expect(screen.getByText('Le ticket est vide : touchez un article ou scannez un code-barres.')).toBeInTheDocument();

    scan(GTIN_MACON);
    expect(await within(ticket()).findByRole('listitem', { name: MACON.label })).toBeInTheDocument();
    expect(quantityOf(MACON.label)).toBe('1');
    expect(screen.getByText(`Ajouté : ${MACON.label}`)).toBeInTheDocument();
    scan(GTIN_MACON);
    await waitFor(() => expect(quantityOf(MACON.label)).toBe('2'));

    const wrong = GTIN_MACON.slice(0, -1) + String((Number(GTIN_MACON.at(-1)) + 1) % 10);
    scan(wrong);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Code-barres invalide : ${wrong}`);
    expect(quantityOf(MACON.label)).toBe('2');

    // typed in the « Code-barres » field, then « Ajouter »
    const field = screen.getByRole('textbox', { name: 'Code-barres' });
    fireEvent.change(field, { target: { value: GTIN_UNKNOWN } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Aucun article pour le code ${GTIN_UNKNOWN}`);
    fireEvent.change(field, { target: { value: GTIN_CREMANT } });
    fireEvent.submit(field.closest('form')!);
    expect(await within(ticket()).findByRole('listitem', { name: 'Crémant de Bourgogne' })).toBeInTheDocument();
    expect(field).toHaveValue('');

    // priced live: 2 × 14,50 + 12,00
    expect(total()).toBe(formatCents(4100));
  });

  it('tiles filter by range and search; an item out of stock is greyed, still sold, with a warning', async () => {
    mockOffline(offline);
    await openTill();
    fireEvent.click(screen.getByRole('button', { name: 'Bulles' }));
    expect(screen.queryByRole('button', { name: /^Mâcon-Pierreclos/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Crémant de Bourgogne/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tout', pressed: false }));

    const jam = screen.getByRole('button', { name: /^Confiture de cassis/ });
    expect(jam).toHaveClass('wz-tile--out');
    expect(jam).toHaveTextContent('Rupture de stock');
    fireEvent.click(jam);
    expect(await screen.findByRole('alert')).toHaveTextContent('Confiture de cassis est en rupture de stock : la vente reste possible');
    expect(quantityOf('Confiture de cassis')).toBe('1');

    // the search box: Enter adds the only item left
    const search = screen.getByRole('searchbox', { name: 'Rechercher un article' });
    fireEvent.change(search, { target: { value: 'macon' } });
    expect(screen.queryByRole('button', { name: /^Crémant/ })).not.toBeInTheDocument();
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await within(ticket()).findByRole('listitem', { name: MACON.label })).toBeInTheDocument();
  });

  it('shows a discount larger than its line beside the line, and does not take payment until it is fixed', async () => {
    mockOffline(offline);
    await openTill();
    fireEvent.click(screen.getByRole('button', { name: /^Crémant de Bourgogne/ }));
    const line = await within(ticket()).findByRole('listitem', { name: 'Crémant de Bourgogne' });
    fireEvent.click(within(line).getByRole('button', { name: 'Remise sur Crémant de Bourgogne' }));
    fireEvent.click(within(line).getByText('€'));
    typeNumber(within(line).getByRole('spinbutton', { name: 'Remise sur Crémant de Bourgogne (€)' }), '15');
    expect(await within(line).findByRole('alert')).toHaveTextContent('La remise dépasse le montant de la ligne');
    expect(screen.getByRole('button', { name: /^Encaisser/ })).toBeDisabled();

    typeNumber(within(line).getByRole('spinbutton', { name: 'Remise sur Crémant de Bourgogne (€)' }), '2');
    await waitFor(() => expect(within(line).queryByRole('alert')).not.toBeInTheDocument());
    expect(total()).toBe(formatCents(1000));
    expect(screen.getByRole('button', { name: /^Encaisser/ })).toBeEnabled();

    // offered: the line costs nothing
    fireEvent.click(within(line).getByRole('button', { name: 'Crémant de Bourgogne offert' }));
    expect(total()).toBe(formatCents(0));
  });
});

describe('the till: payment', () => {
  it('split payment, 20 € by card then the rest in cash: change shown, the ticket submitted, the ticket screen', async () => {
    const queue = mockOffline(offline);
    const page = await openTill(SALES_POINT, { 'POST /pos/salespoints/:id/events': [201, { success: true }] });
    const tile = screen.getByRole('button', { name: /^Mâcon-Pierreclos 2023/ });
    fireEvent.click(tile);
    fireEvent.click(tile);
    fireEvent.click(tile);
    expect(total()).toBe(formatCents(4350));

    // a payment started then cancelled leaves nothing behind
    fireEvent.click(screen.getByRole('button', { name: /^Encaisser/ }));
    fireEvent.click(within(await payDialog()).getByRole('button', { name: 'Chèque' }));
    fireEvent.click(within(await payDialog()).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: /^Encaisser/ }));
    const dialog = await payDialog();
    expect(within(dialog).getByTestId('pay-total')).toHaveTextContent(euros(4350));
    expect(within(dialog).getByTestId('remaining')).toHaveTextContent(euros(4350));
    const validate = within(dialog).getByRole('button', { name: 'Valider le paiement' });

    typeNumber(within(dialog).getByLabelText('Montant (€)'), '20');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Carte bancaire' }));
    expect(within(dialog).getByTestId('remaining')).toHaveTextContent(euros(2350));
    expect(validate).toBeDisabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reste en espèces' }));
    expect(within(dialog).getByTestId('remaining')).toHaveTextContent(euros(0));
    fireEvent.click(within(dialog).getByRole('button', { name: formatCents(3000) }));
    expect(within(dialog).getByTestId('change')).toHaveTextContent(euros(650));
    expect(validate).toBeEnabled();
    fireEvent.click(validate);

    expect(await screen.findByRole('heading', { name: 'Vente enregistrée' })).toBeInTheDocument();
    expect(queue.queue.submit).toHaveBeenCalledTimes(1);
    expect(queue.queue.submit.mock.calls[0][0]).toEqual({
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      lines: [{ formatId: 6, label: MACON.label, quantity: 3, discount: null, free: false }],
      discount: null,
      clientId: null,
      payments: [
        { method: 'card', amount: 2000 },
        { method: 'cash', amount: 2350 },
      ],
      cashGiven: 3000,
    });
    expect(screen.getByTestId('done-change')).toHaveTextContent(`Monnaie à rendre : ${euros(650)}`);
    expect(screen.getByText('Ticket CAVEAU-000042')).toBeInTheDocument();
    const receipt = screen.getByRole('article', { name: 'Ticket de caisse' });
    expect(receipt).toHaveTextContent('Merci de votre visite');
    expect(receipt).toHaveTextContent(`3 × ${euros(1450)}`);
    expect(receipt).toHaveTextContent(`TVA 20 %${euros(3625)}${euros(725)}${euros(4350)}`);

    // printed, then printed again: the duplicate is journaled
    const print = jest.spyOn(window, 'print').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(page.api.callsTo('POST /pos/salespoints/:id/events')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalledTimes(2);
    await waitFor(() =>
      expect(page.api.callsTo('POST /pos/salespoints/:id/events')).toMatchObject([
        { path: '/pos/salespoints/3/events', body: { kind: 'reprint', detail: 'Duplicata du ticket CAVEAU-000042' } },
      ]),
    );
    print.mockRestore();

    fireEvent.click(screen.getByRole('button', { name: 'Nouvelle vente' }));
    expect(await screen.findByText('Le ticket est vide : touchez un article ou scannez un code-barres.')).toBeInTheDocument();
  });

  it('a free line offered (a tasting glass) and a client from the CRM go with the ticket; a scan then starts the next sale', async () => {
    const queue = mockOffline(offline);
    const page = await openTill(SALES_POINT, {
      'GET /crm/clients': (req) => paginatedOf([{ id: 5, name: 'Claire Dupont', email: 'claire@exemple.fr', city: 'Mâcon' }], req.query),
      'GET /loyalty/clients/:id': () => ({
        clientId: 5,
        program: { active: true, basis: 'euro', pointsPerUnit: 1, levels: [], updatedAt: null },
        balance: 320,
        total: 420,
        spent: 100,
        level: { index: 0, name: 'Argent', threshold: 250 },
        next: null,
        history: [],
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ligne libre' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Ajouter une ligne libre');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la ligne' }));
    expect(within(dialog).getByText('Le libellé est obligatoire')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Libellé'), { target: { value: 'Verre de dégustation' } });
    typeNumber(within(dialog).getByLabelText('Prix TTC (€)'), '3');
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la ligne' }));
    expect(await within(ticket()).findByRole('listitem', { name: 'Verre de dégustation' })).toHaveTextContent('Offert');
    fireEvent.click(screen.getByRole('button', { name: /^Mâcon-Pierreclos 2023/ }));
    expect(total()).toBe(formatCents(1450));

    const user = userEvent.setup();
    const client = within(ticket()).getByRole('combobox', { name: 'Client' });
    await user.click(client);
    await user.type(client, 'dup');
    await user.click(await screen.findByTitle('Claire Dupont'));
    expect(page.api.callsTo('GET /crm/clients').at(-1)!.query).toMatchObject({ q: 'dup', pageSize: '20' });
    // the seller tells the client their points
    expect(await within(ticket()).findByTestId('client-loyalty')).toHaveTextContent('Fidélité : 320 points · palier Argent');

    fireEvent.click(screen.getByRole('button', { name: /^Encaisser/ }));
    const pay = await payDialog();
    fireEvent.click(within(pay).getByRole('button', { name: 'Carte bancaire' }));
    fireEvent.click(within(pay).getByRole('button', { name: 'Valider le paiement' }));
    await screen.findByRole('heading', { name: 'Vente enregistrée' });
    expect(queue.queue.submit.mock.calls[0][0]).toMatchObject({
      lines: [
        {
          formatId: null,
          label: 'Verre de dégustation',
          quantity: 1,
          unitPriceTTC: 300,
          vatRate: 20,
          accountingType: 'prestation',
          free: true,
        },
        { formatId: MACON.formatId, quantity: 1, free: false },
      ],
      clientId: 5,
      payments: [{ method: 'card', amount: 1450 }],
      cashGiven: null,
    });

    scan(GTIN_CREMANT, document.body);
    expect(await within(ticket()).findByRole('listitem', { name: 'Crémant de Bourgogne' })).toBeInTheDocument();
    expect(within(ticket()).queryByRole('listitem', { name: 'Verre de dégustation' })).not.toBeInTheDocument();
    expect(within(ticket()).queryByRole('listitem', { name: MACON.label })).not.toBeInTheDocument();
    expect(total()).toBe(formatCents(1200));
  });

  it('sends the ticket by e-mail', async () => {
    mockOffline(offline);
    const page = await openTill(SALES_POINT, { 'POST /pos/tickets/:id/send': { success: true } });
    fireEvent.click(screen.getByRole('button', { name: /^Crémant de Bourgogne/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Encaisser/ }));
    const dialog = await payDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Carte bancaire' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Valider le paiement' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer par e-mail' }));
    const email = screen.getByLabelText('Adresse e-mail du client');
    fireEvent.change(email, { target: { value: 'pas-un-mail' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Adresse e-mail invalide')).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'claire@exemple.fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(page.api.callsTo('POST /pos/tickets/:id/send')).toHaveLength(1));
    expect(page.api.callsTo('POST /pos/tickets/:id/send')[0]).toMatchObject({
      path: '/pos/tickets/501/send',
      body: { email: 'claire@exemple.fr' },
    });
    await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Ticket envoyé à claire@exemple.fr', error: false }));
  });

  it('offline: the banner counts the tickets waiting, a ticket made is queued with its provisional number', async () => {
    const queued = fakeQueue(
      async (input) => ({
        status: 'queued',
        number: 'HL-3-1',
        priced: pricedFor({ key: 'k', ...input }),
        key: input.key ?? 'k',
        at: '2026-11-26T10:20:00.000Z',
      }),
      { online: false, pending: 1 },
    );
    mockOffline(offline, { queue: queued, catalogOffline: true });
    await openTill();
    expect(screen.getByText('Hors ligne — 1 ticket(s) en attente d’envoi')).toBeInTheDocument();
    expect(screen.getByText(/^Hors ligne : catalogue enregistré le/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /^Crémant de Bourgogne/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Encaisser/ }));
    const dialog = await payDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Espèces' }));
    fireEvent.click(within(dialog).getByRole('button', { name: formatCents(1500) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Valider le paiement' }));

    expect(await screen.findByText('Ticket hors ligne n° HL-3-1 : il sera envoyé au retour du réseau')).toBeInTheDocument();
    expect(screen.getByTestId('done-change')).toHaveTextContent(euros(300));
    expect(screen.queryByRole('button', { name: 'Ticket PDF' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ticket de caisse' })).toHaveTextContent('Ticket hors ligne HL-3-1');
  });

  it('a refusal of the api shows in the payment dialog, the sale stays on screen', async () => {
    const { ApiError } = jest.requireActual<typeof import('shared-kernel/runtime')>('shared-kernel/runtime');
    mockOffline(offline, {
      queue: fakeQueue(async () => {
        throw new ApiError(400, 'Ouvrez une session de caisse avant d’encaisser', 'session');
      }),
    });
    await openTill();
    fireEvent.click(screen.getByRole('button', { name: /^Crémant de Bourgogne/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Encaisser/ }));
    const dialog = await payDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Carte bancaire' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Valider le paiement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ouvrez une session de caisse avant d’encaisser');
    expect(screen.queryByRole('heading', { name: 'Vente enregistrée' })).not.toBeInTheDocument();
  });
});

describe('the till: customer display', () => {
  it('when the salespoint has one: « Connecter l’afficheur », then welcome, each item with its price, the total, the change', async () => {
    const port = fakePort();
    Object.defineProperty(navigator, 'serial', { value: fakeSerial({ chosen: port }), configurable: true });
    mockOffline(offline, { queue: fakeQueue(async (input) => ({ status: 'recorded', ticket: ticketFor({ key: 'k', ...input }) })) });
    await openTill({ ...SALES_POINT, display: true });

    fireEvent.click(screen.getByRole('button', { name: 'Connecter l’afficheur' }));
    expect(await screen.findByText('Afficheur connecté')).toBeInTheDocument();
    scan(GTIN_MACON);
    scan(GTIN_MACON);
    fireEvent.click(await screen.findByRole('button', { name: /^Encaisser/ }));
    const dialog = await payDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Espèces' }));
    fireEvent.click(within(dialog).getByRole('button', { name: formatCents(5000) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Valider le paiement' }));
    await screen.findByRole('heading', { name: 'Vente enregistrée' });

    const text = (b: Uint8Array) => String.fromCharCode(...b);
    await waitFor(() =>
      expect(port.text()).toEqual([
        text(displayFrames.welcome('Domaine de Démo')),
        text(displayFrames.item(MACON.label, 1, 1450)),
        text(displayFrames.item(MACON.label, 2, 2900)),
        'TOTAL                          29,00 EUR',
        'RENDU                          21,00 EUR',
      ]),
    );
  });
});
