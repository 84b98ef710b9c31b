import { useMemo } from 'react';
import { Alert, Button } from 'antd';
import type { PageProps } from 'shared-kernel/contracts';
import { cartTotals, priceCart, type CartOrder, type SellerPriceResult } from 'shared-kernel/domain';
import { bus, useCart } from 'shared-kernel/runtime';
import { EmptyCart } from './EmptyCart';
import { OrderLines } from './OrderLines';
import { emptyCartWithConfirmation } from './use-empty-cart';
import { TEXTS, formatPrice, sellerName } from './view';
import './cart.css';

function shippingText(order: CartOrder, r: SellerPriceResult): string {
  const s = order.shipping;
  if (s?.collectionPoint) return `${formatPrice(r.price.shipping)} (${TEXTS.shippingCollection}${s.collectionPoint.name ? ` ${s.collectionPoint.name}` : ''})`;
  if (s?.type) return r.franco ? 'Offerts (franco atteint)' : `${formatPrice(r.price.shipping)} HT`;
  return TEXTS.shippingToChoose;
}

function SellerOrder({ order, result }: { order: CartOrder; result: SellerPriceResult }) {
  const name = sellerName(order);
  const noteId = `wz-cart-order-note-${order.seller.id}`;
  return (
    <section className="wz-cart-page__order" aria-label={name} data-testid="cart-page-order">
      <h2 className="wz-cart-seller__name">{name}</h2>
      <div className="wz-cart-page__order-grid">
        <OrderLines order={order} lines={result.lines} showPrices />
        <div>
          <dl className="wz-cart-totals" data-testid="cart-order-totals">
            <dt>{TEXTS.totalHT}</dt>
            <dd data-testid="order-total-ht">{formatPrice(result.price.totalHT)}</dd>
            {result.price.promoAmount > 0 && (
              <>
                <dt>{TEXTS.promo}</dt>
                <dd>−{formatPrice(result.price.promoAmount)}</dd>
              </>
            )}
            {result.price.duties > 0 && (
              <>
                <dt>{TEXTS.duties}</dt>
                <dd>{formatPrice(result.price.duties)}</dd>
              </>
            )}
            <dt>{TEXTS.tva}</dt>
            <dd data-testid="order-tva">{formatPrice(result.price.tva)}</dd>
            <dt>{TEXTS.shipping}</dt>
            <dd>{shippingText(order, result)}</dd>
            {result.price.touristTax > 0 && (
              <>
                <dt>{TEXTS.touristTax}</dt>
                <dd>{formatPrice(result.price.touristTax)}</dd>
              </>
            )}
            <dt className="wz-cart-totals__main">{TEXTS.totalTTC}</dt>
            <dd className="wz-cart-totals__main" data-testid="order-total-ttc">
              {formatPrice(result.price.totalTTC)}
            </dd>
          </dl>
          <Button type="primary" block disabled aria-describedby={noteId}>
            {TEXTS.order}
          </Button>
          <p id={noteId} className="wz-cart-page__note">
            {TEXTS.orderUnavailable}
          </p>
        </div>
      </div>
    </section>
  );
}

/** /cart: orders per seller with lines, quantities and totals; checkout comes with the orders api. */
export default function CartPage(_props: PageProps) {
  const orders = useCart((s) => s.orders);
  const priced = useMemo(() => priceCart(orders), [orders]);
  const totals = cartTotals(priced);

  if (orders.length === 0) {
    return (
      <main className="wz-cart-page">
        <h1>Panier</h1>
        <EmptyCart primary onBrowse={() => bus.emit('navigate', { to: '/shops' })} />
      </main>
    );
  }

  return (
    <main className="wz-cart-page">
      <h1>Panier</h1>
      <div className="wz-cart-page__grid">
        <div>
          {orders.map((order, i) => (
            <SellerOrder key={order.seller.id} order={order} result={priced[i]} />
          ))}
        </div>
        <aside className="wz-cart-page__summary" aria-label="Récapitulatif">
          <dl className="wz-cart-totals">
            <dt>{TEXTS.totalHT}</dt>
            <dd>{formatPrice(totals.totalHT)}</dd>
            <dt>{TEXTS.tva}</dt>
            <dd>{formatPrice(totals.tva)}</dd>
            {totals.touristTax > 0 && (
              <>
                <dt>{TEXTS.touristTax}</dt>
                <dd>{formatPrice(totals.touristTax)}</dd>
              </>
            )}
            <dt className="wz-cart-totals__main">{TEXTS.totalTTC}</dt>
            <dd className="wz-cart-totals__main" data-testid="cart-page-total-ttc">
              {formatPrice(totals.totalTTC)}
            </dd>
          </dl>
          <Alert type="info" showIcon title="Chaque producteur est commandé séparément." />
          <div className="wz-cart-actions" style={{ marginTop: 12 }}>
            <Button danger block onClick={() => void emptyCartWithConfirmation()}>
              {TEXTS.emptyCart}
            </Button>
          </div>
        </aside>
      </div>
    </main>
  );
}
