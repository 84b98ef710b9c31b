import { useCallback, useMemo, useState } from 'react';
import { Button, Drawer } from 'antd';
import type { CartDrawerWidgetProps } from 'shared-kernel/contracts';
import { cartTotals, priceCart, type CartOrder, type SellerPriceResult } from 'shared-kernel/domain';
import { bus, useCart, useLayoutMode } from 'shared-kernel/runtime';
import { EmptyCart } from './EmptyCart';
import { OrderLines } from './OrderLines';
import { emptyCartWithConfirmation } from './use-empty-cart';
import { useTexts } from '../texts';
import { sellerName } from './view';
import './cart.css';
import { DANGER_BUTTON_STYLE } from '../a11y';
import { LoyaltyTotal } from './Loyalty';
import { PromoCodeTotal } from './PromoCode';
import { needsServerPrice, ServerPriceProbe, type ServerPriced } from './ServerPrice';

/**
 * One seller's order in the drawer. An order holding a promotion code or a loyalty offer reads the server's
 * price like /cart does, and shows what the code and the offer took off.
 */
function DrawerOrder({
  order,
  onServerResult,
}: {
  order: CartOrder;
  onServerResult(sellerId: number, result: SellerPriceResult | null): void;
}) {
  const texts = useTexts();
  const serverPriced = needsServerPrice(order);
  const [server, setServer] = useState<ServerPriced | null>(null);
  const price = serverPriced ? server?.result?.price : undefined;
  const discounts = !!price && ((price.promoCode?.amount ?? 0) > 0 || (price.loyalty?.amount ?? 0) > 0);
  return (
    <section className="wz-cart-seller" aria-label={sellerName(order, texts)} data-testid="cart-seller">
      {serverPriced && <ServerPriceProbe order={order} onChange={setServer} onResult={onServerResult} />}
      <h3 className="wz-cart-seller__name">{sellerName(order, texts)}</h3>
      <OrderLines order={order} />
      {discounts && (
        <dl className="wz-cart-totals" data-testid="cart-seller-discounts">
          <PromoCodeTotal applied={price.promoCode} testId="drawer-promo-code" />
          <LoyaltyTotal applied={price.loyalty} testId="drawer-loyalty" />
        </dl>
      )}
    </section>
  );
}

/** Spec §2 cart drawer: 400 px (full width on mobile), orders by seller, totals, see / empty the cart. */
export default function CartDrawer({ open, onClose }: CartDrawerWidgetProps) {
  const orders = useCart((s) => s.orders);
  const texts = useTexts();
  const t = texts.cart;
  const formatPrice = texts.fmt.money;
  const mode = useLayoutMode();
  // Prices are recomputed from the cart on every change (and so on every opening); an order holding a promotion code
  // or a loyalty offer counts at the server's price.
  const local = useMemo(() => priceCart(orders), [orders]);
  const [serverPrices, setServerPrices] = useState<Record<number, SellerPriceResult | null>>({});
  const onServerResult = useCallback(
    (sellerId: number, r: SellerPriceResult | null) => setServerPrices((m) => (m[sellerId] === r ? m : { ...m, [sellerId]: r })),
    [],
  );
  const priced = local.map((r, i) => (needsServerPrice(orders[i]) ? (serverPrices[orders[i].seller.id] ?? r) : r));
  const totals = cartTotals(priced);
  const isEmpty = orders.length === 0;

  const goTo = (to: string) => {
    onClose();
    bus.emit('navigate', { to });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={mode === 'mobile' ? '100%' : 400}
      title={t.title}
      destroyOnHidden={false}
      rootClassName="wz-cart-drawer"
      footer={
        isEmpty ? null : (
          <div>
            <dl className="wz-cart-totals" data-testid="cart-totals">
              <dt className="wz-cart-totals__main">{t.totalTTC}</dt>
              <dd className="wz-cart-totals__main" data-testid="cart-total-ttc">
                {formatPrice(totals.totalTTC)}
              </dd>
              {totals.touristTax > 0 && (
                <>
                  <dt>{t.touristTax}</dt>
                  <dd data-testid="cart-tourist-tax">{formatPrice(totals.touristTax)}</dd>
                </>
              )}
            </dl>
            <div className="wz-cart-actions">
              <Button type="primary" block onClick={() => goTo('/cart')}>
                {t.seeCart}
              </Button>
              <Button block danger style={DANGER_BUTTON_STYLE} onClick={() => void emptyCartWithConfirmation()}>
                {t.emptyCart}
              </Button>
            </div>
          </div>
        )
      }
    >
      {isEmpty ? (
        <EmptyCart onBrowse={() => goTo('/shops')} />
      ) : (
        orders.map((order) => <DrawerOrder key={order.seller.id} order={order} onServerResult={onServerResult} />)
      )}
    </Drawer>
  );
}
