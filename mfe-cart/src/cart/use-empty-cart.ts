import { bus, confirmPopup, useCart } from 'shared-kernel/runtime';
import { localTexts, pageLang } from '../texts';
import { shopPathOf } from './view';

/**
 * 'Vider le panier': confirmation 'Attention !!' (in the page's language), then aborts the saved orders
 * and clears the cart; on /cart, returns to the shop page (the first seller's page). Resolves true when emptied.
 */
export async function emptyCartWithConfirmation(pathname: string = window.location.pathname): Promise<boolean> {
  const t = localTexts(pageLang());
  const ok = await confirmPopup({ title: t.cart.confirmTitle, content: t.cart.confirmText });
  if (!ok) return false;
  const back = shopPathOf(useCart.getState().orders[0]);
  await useCart.getState().empty();
  if (pathname.replace(/\/+$/, '') === '/cart') bus.emit('navigate', { to: back });
  return true;
}
