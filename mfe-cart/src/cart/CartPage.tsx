import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import type { PageProps } from 'shared-kernel/contracts';
import { cartTotals, priceCart, promoCodeOf, type CartOrder, type SellerPriceResult } from 'shared-kernel/domain';
import { bus, useCart, useSession } from 'shared-kernel/runtime';
import { CheckoutSection, type LineProblems } from '../checkout/CheckoutSection';
import { Confirmation, type ConfirmationData } from '../payment/Confirmation';
import { removeSellerFromCart } from '../payment/pending';
import { useTexts, type LocalTexts } from '../texts';
import { ReservationPicker } from '../reservations/ReservationPicker';
import '../checkout/checkout.css';
import { EmptyCart } from './EmptyCart';
import { OrderLines } from './OrderLines';
import { emptyCartWithConfirmation } from './use-empty-cart';
import { sellerName } from './view';
import './cart.css';
import { DANGER_BUTTON_STYLE } from '../a11y';
import { PromoCodeField, PromoCodeTotal } from './PromoCode';
import { Loyalty, LoyaltyTotal } from './Loyalty';
import { needsServerPrice, ServerPriceProbe, type ServerPriced } from './ServerPrice';

function shippingText(order: CartOrder, r: SellerPriceResult, { cart: t, fmt }: LocalTexts): string {
  const s = order.shipping;
  if (order.products.length === 0) return t.noShipping; // reservations only
  if (s?.collectionPoint)
    return `${fmt.money(r.price.shipping)} (${t.shippingCollection}${s.collectionPoint.name ? ` ${s.collectionPoint.name}` : ''})`;
  if (s?.type) return r.franco ? t.shippingFree : `${fmt.money(r.price.shipping)} ${t.ht}`;
  return t.shippingToChoose;
}

function SellerOrder({
  order,
  result,
  active,
  loggedIn,
  onCheckout,
  onConfirmed,
  onServerResult,
}: {
  order: CartOrder;
  result: SellerPriceResult;
  active: boolean;
  loggedIn: boolean;
  onCheckout(sellerId: number | null): void;
  onConfirmed(sellerId: number, data: ConfirmationData): void;
  /** the server's price of an order holding a promotion code or a loyalty offer (null: none) */
  onServerResult?(sellerId: number, result: SellerPriceResult | null): void;
}) {
  // a promotion code or a loyalty offer is applied by the server: the order then shows the server's price
  const code = promoCodeOf(order);
  const serverPriced = needsServerPrice(order);
  const [server, setServer] = useState<ServerPriced | null>(null);
  return (
    <>
      {serverPriced && <ServerPriceProbe order={order} onChange={setServer} onResult={onServerResult} />}
      <SellerOrderView
        order={order}
        result={(serverPriced && server?.result) || result}
        active={active}
        loggedIn={loggedIn}
        onCheckout={onCheckout}
        onConfirmed={onConfirmed}
        server={serverPriced ? (server ?? undefined) : undefined}
        code={code}
      />
    </>
  );
}

function SellerOrderView({
  order,
  result,
  active,
  loggedIn,
  onCheckout,
  onConfirmed,
  server,
  code = null,
}: {
  order: CartOrder;
  result: SellerPriceResult;
  active: boolean;
  loggedIn: boolean;
  onCheckout(sellerId: number | null): void;
  onConfirmed(sellerId: number, data: ConfirmationData): void;
  server?: ServerPriced;
  code?: string | null;
}) {
  const texts = useTexts();
  const t = texts.cart;
  const formatPrice = texts.fmt.money;
  const name = sellerName(order, texts);
  const noteId = `wz-cart-order-note-${order.seller.id}`;
  const applied = result.price.promoCode ?? null;
  const loyalty = result.price.loyalty ?? null;
  // product promotions; the code's and the loyalty discount's HT shares are in promoAmount too and have their own lines
  const productPromo = result.price.promoAmount - (applied?.amountHT ?? 0) - (loyalty?.amountHT ?? 0);
  const [problems, setProblems] = useState<LineProblems>({ lines: {}, reservations: {} });
  const checkoutRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (active) checkoutRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [active]);
  const commander = () => {
    if (!loggedIn) bus.emit('navigate', { to: `/auth/login?redirectLink=${encodeURIComponent('/cart')}` });
    else onCheckout(order.seller.id);
  };
  return (
    <section className="wz-cart-page__order" aria-label={name} data-testid="cart-page-order">
      <h2 className="wz-cart-seller__name">{name}</h2>
      <div className="wz-cart-page__order-grid">
        <OrderLines order={order} lines={result.lines} showPrices problems={problems.lines} reservationProblems={problems.reservations} />
        <div>
          <dl className="wz-cart-totals" data-testid="cart-order-totals">
            <dt>{t.totalHT}</dt>
            <dd data-testid="order-total-ht">{formatPrice(result.price.totalHT)}</dd>
            {productPromo > 0 && (
              <>
                <dt>{t.promo}</dt>
                <dd>−{formatPrice(productPromo)}</dd>
              </>
            )}
            <PromoCodeTotal applied={applied} />
            <LoyaltyTotal applied={loyalty} />
            {result.price.duties > 0 && (
              <>
                <dt>{t.duties}</dt>
                <dd>{formatPrice(result.price.duties)}</dd>
              </>
            )}
            <dt>{t.tva}</dt>
            <dd data-testid="order-tva">{formatPrice(result.price.tva)}</dd>
            <dt>{t.shipping}</dt>
            <dd data-testid="order-shipping">{shippingText(order, result, texts)}</dd>
            {result.price.touristTax > 0 && (
              <>
                <dt>{t.touristTax}</dt>
                <dd>{formatPrice(result.price.touristTax)}</dd>
              </>
            )}
            <dt className="wz-cart-totals__main">{t.totalTTC}</dt>
            <dd className="wz-cart-totals__main" data-testid="order-total-ttc">
              {formatPrice(result.price.totalTTC)}
            </dd>
          </dl>
          <PromoCodeField sellerId={order.seller.id} code={code} problem={server?.problem} pending={server?.pending} />
          {!active && (
            <Button type="primary" block size="large" onClick={commander} aria-describedby={!loggedIn ? noteId : undefined}>
              {t.order}
            </Button>
          )}
          {!loggedIn && (
            <p id={noteId} className="wz-cart-page__note">
              {t.loginToOrder}
            </p>
          )}
          {active && <p className="wz-cart-page__note">{t.checkoutOpen}</p>}
        </div>
      </div>
      <Loyalty order={order} problems={server?.loyaltyProblems} pending={server?.pending} applied={loyalty} />
      <ReservationPicker seller={order.seller} />
      {active && (
        <div ref={checkoutRef}>
          <CheckoutSection order={order} priced={result} onLineProblems={setProblems} onConfirmed={onConfirmed} />
        </div>
      )}
    </section>
  );
}

/** /cart: orders per seller with lines, quantities and totals, reservations, and each seller's checkout. */
export default function CartPage(_props: PageProps) {
  const orders = useCart((s) => s.orders);
  const texts = useTexts();
  const t = texts.cart;
  const formatPrice = texts.fmt.money;
  const local = useMemo(() => priceCart(orders), [orders]);
  // orders holding a promotion code or a loyalty offer count at the server's price
  const [serverPrices, setServerPrices] = useState<Record<number, SellerPriceResult | null>>({});
  const onServerResult = useCallback(
    (sellerId: number, r: SellerPriceResult | null) => setServerPrices((m) => (m[sellerId] === r ? m : { ...m, [sellerId]: r })),
    [],
  );
  const priced = local.map((r, i) => (needsServerPrice(orders[i]) ? (serverPrices[orders[i].seller.id] ?? r) : r));
  const totals = cartTotals(priced);
  const loggedIn = useSession((s) => !!s.jwt && !!s.user);
  const [active, setActive] = useState<number | null>(null);
  const [confirmations, setConfirmations] = useState<ConfirmationData[]>([]);

  const onConfirmed = (sellerId: number, data: ConfirmationData) => {
    setConfirmations((c) => [...c, data]);
    setActive(null);
    removeSellerFromCart(sellerId);
  };

  const done = confirmations.map((c, i) => <Confirmation key={`${c.orderNumber ?? ''}-${i}`} data={c} />);

  if (orders.length === 0) {
    return (
      <main className="wz-cart-page">
        <h1>{t.pageTitle}</h1>
        {done}
        {confirmations.length === 0 && <EmptyCart primary onBrowse={() => bus.emit('navigate', { to: '/shops' })} />}
      </main>
    );
  }

  return (
    <main className="wz-cart-page">
      <h1>{t.pageTitle}</h1>
      {done}
      <div className="wz-cart-page__grid">
        <div>
          {orders.map((order, i) => (
            <SellerOrder
              key={order.seller.id}
              order={order}
              result={local[i]}
              active={loggedIn && active === order.seller.id}
              loggedIn={loggedIn}
              onCheckout={setActive}
              onConfirmed={onConfirmed}
              onServerResult={onServerResult}
            />
          ))}
        </div>
        <aside className="wz-cart-page__summary" aria-label={t.summary}>
          <dl className="wz-cart-totals">
            <dt>{t.totalHT}</dt>
            <dd>{formatPrice(totals.totalHT)}</dd>
            <dt>{t.tva}</dt>
            <dd>{formatPrice(totals.tva)}</dd>
            {totals.touristTax > 0 && (
              <>
                <dt>{t.touristTax}</dt>
                <dd>{formatPrice(totals.touristTax)}</dd>
              </>
            )}
            <dt className="wz-cart-totals__main">{t.totalTTC}</dt>
            <dd className="wz-cart-totals__main" data-testid="cart-page-total-ttc">
              {formatPrice(totals.totalTTC)}
            </dd>
          </dl>
          <Alert type="info" showIcon title={t.separately} />
          <div className="wz-cart-actions" style={{ marginTop: 12 }}>
            <Button danger block style={DANGER_BUTTON_STYLE} onClick={() => void emptyCartWithConfirmation()}>
              {t.emptyCart}
            </Button>
          </div>
        </aside>
      </div>
    </main>
  );
}
