import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage, type ApiHandlers } from 'shared-kernel/testing';
import { bus } from 'shared-kernel/runtime';
import { formatCents } from 'shared-kernel/domain';
import * as offline from '../offline';
import { CashRegisterRoot } from './CashRegisterRoot';
import { CLOSING, MACON, SALES_POINT, mockOffline } from './till.fixtures';

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

async function sellOneByCard() {
  fireEvent.click(screen.getByRole('button', { name: /^Mâcon-Pierreclos 2023/ }));
  fireEvent.click(screen.getAllByRole('button', { name: /^Encaisser/ })[0]);
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Carte bancaire' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Valider le paiement' }));
  expect(await screen.findByRole('heading', { name: 'Vente enregistrée' })).toBeInTheDocument();
}

const realWidth = window.innerWidth;
function setWidth(px: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: px });
  window.dispatchEvent(new Event('resize'));
}
afterEach(() => setWidth(realWidth));

describe('the till: reaching what the seller needs', () => {
  it('« Clôturer la journée » is available on the ticket screen of the last sale, without « Nouvelle vente » first', async () => {
    mockOffline(offline);
    const page = await openTill({ 'POST /pos/sessions/:id/close': CLOSING });
    await sellOneByCard();
    const close = screen.getByRole('button', { name: 'Clôturer la journée' });
    expect(close).toBeEnabled();
    fireEvent.click(close);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Clôturer la journée');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clôturer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rapport Z Z-CAVEAU-0012' })).toBeInTheDocument();
    expect(page.api.callsTo('POST /pos/sessions/:id/close')).toHaveLength(1);
  });

  it('the Z report tables scroll inside their frame', async () => {
    mockOffline(offline);
    await openTill({ 'POST /pos/sessions/:id/close': CLOSING });
    fireEvent.click(screen.getByRole('button', { name: 'Clôturer la journée' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clôturer' }));
    const z = await screen.findByRole('article', { name: 'Rapport Z Z-CAVEAU-0012' });
    const byMethod = within(z).getByRole('region', { name: 'Règlements' });
    expect(byMethod).toHaveClass('wz-z__scroll');
    expect(byMethod).toHaveAttribute('tabindex', '0');
    expect(within(byMethod).getByRole('table')).toBeInTheDocument();
    expect(within(z).getByRole('region', { name: 'TVA par taux' })).toContainElement(within(z).getByTestId('z-total'));
  });

  it('« Retour au back-office » leads to the salespoint in the back office', async () => {
    mockOffline(offline);
    const navigations: unknown[] = [];
    const off = bus.on('navigate', (p) => navigations.push(p));
    await openTill();
    const back = screen.getByRole('link', { name: 'Retour au back-office' });
    expect(back).toHaveAttribute('href', '/dashboard/salespoints/3');
    fireEvent.click(back);
    expect(navigations).toEqual([{ to: '/dashboard/salespoints/3' }]);
    off();
  });

  it('on a phone, the ticket and the pay button sit in a bottom bar, whichever side is shown', async () => {
    setWidth(390);
    mockOffline(offline);
    await openTill();
    const bar = screen.getByRole('group', { name: 'Ticket et encaissement' });
    expect(within(bar).getByRole('button', { name: /^Encaisser/ })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: /^Mâcon-Pierreclos 2023/ }));
    const pay = within(bar).getByRole('button', { name: `Encaisser ${formatCents(MACON.unitPriceTTC)}` });
    expect(pay).toBeEnabled();
    // one pay button on the page: the ticket's own is in the bar
    expect(screen.getAllByRole('button', { name: /^Encaisser/ })).toHaveLength(1);
    fireEvent.click(within(bar).getByRole('button', { name: /^Ticket \(1\)/ }));
    await waitFor(() => expect(within(bar).getByRole('button', { name: 'Articles' })).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(pay);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Encaissement');
  });
});
