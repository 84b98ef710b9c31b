import { Button } from 'antd';
import MinusOutlined from '@ant-design/icons/es/icons/MinusOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import ShoppingOutlined from '@ant-design/icons/es/icons/ShoppingOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import { canAddLoyaltyProduct, type CartOrder, type CartProduct, type LinePrice } from 'shared-kernel/domain';
import { useCart } from 'shared-kernel/runtime';
import { useTexts } from '../texts';
import { addOfferedProduct } from './loyalty-actions';
import { eventTitle, imageOf, packingLabel, productTitle, slotDates, vintageLabel } from './view';

function Quantity({ order, product }: { order: CartOrder; product: CartProduct }) {
  const texts = useTexts();
  const t = texts.cart;
  const title = productTitle(product, texts);
  // an offered line grows within its loyalty offer's maxProducts only
  const offered = !!product.isFromFidelity;
  return (
    <div className="wz-cart-qty" role="group" aria-label={t.quantityOf(title)}>
      <Button
        size="small"
        shape="circle"
        icon={<MinusOutlined aria-hidden />}
        aria-label={`${t.decrease} ${title}`}
        onClick={() => useCart.getState().removeProduct(order.seller.id, product.idTmp)}
      />
      <span className="wz-cart-qty__value" data-testid="cart-line-qty" aria-live="polite">
        {product.quantity}
      </span>
      <Button
        size="small"
        shape="circle"
        icon={<PlusOutlined aria-hidden />}
        aria-label={`${t.increase} ${title}`}
        disabled={offered && !canAddLoyaltyProduct(order)}
        onClick={() =>
          offered
            ? addOfferedProduct(order.seller.id, { ...product, quantity: 1 })
            : useCart.getState().addProduct(order.seller, { ...product, quantity: 1 })
        }
      />
    </div>
  );
}

function LineProblems({ messages }: { messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <ul className="wz-cart-line__problems" data-testid="line-problem">
      {messages.map((m) => (
        <li key={m} role="alert">
          {m}
        </li>
      ))}
    </ul>
  );
}

/** Products (quantity +/-, image, title, vintage unless NV, packing) and reservations of one seller's order. */
export function OrderLines({
  order,
  lines,
  showPrices = false,
  problems,
  reservationProblems,
}: {
  order: CartOrder;
  lines?: LinePrice[];
  showPrices?: boolean;
  /** server problems by product line (idTmp): min/max purchase, stock, no longer available */
  problems?: Record<string, string[]>;
  /** server problems by reservation index (places left…) */
  reservationProblems?: Record<number, string[]>;
}) {
  const texts = useTexts();
  const t = texts.cart;
  const formatPrice = texts.fmt.money;
  return (
    <ul className="wz-cart-lines">
      {order.products.map((p) => {
        const img = imageOf(p);
        const vintage = vintageLabel(p);
        const packing = packingLabel(p);
        const line = lines?.find((l) => l.idTmp === p.idTmp);
        return (
          <li key={p.idTmp} className="wz-cart-line" data-testid="cart-line">
            <div className="wz-cart-line__img">{img ? <img src={img} alt="" loading="lazy" /> : <ShoppingOutlined aria-hidden />}</div>
            <div className="wz-cart-line__body">
              <div className="wz-cart-line__title">
                {productTitle(p, texts)}
                {vintage && <span className="wz-cart-line__vintage"> {vintage}</span>}
              </div>
              {packing && <div className="wz-cart-line__meta">{packing}</div>}
              {p.isFromFidelity && <div className="wz-cart-line__meta">{t.loyaltyGift}</div>}
              <LineProblems messages={problems?.[p.idTmp]} />
              {showPrices && line && (
                <div className="wz-cart-line__meta">
                  {formatPrice(line.unitPrice)} {t.ht} × {line.quantity}
                  {line.addQuantity > 0 && ` + ${t.freeUnits(line.addQuantity)}`}
                  {line.promoAmount > 0 && ` · ${t.promo} ${formatPrice(line.promoAmount)}`}
                </div>
              )}
            </div>
            <div className="wz-cart-line__side">
              <Quantity order={order} product={p} />
              {showPrices && line && (
                <div className="wz-cart-line__price">
                  {formatPrice(line.totalHT)} {t.ht}
                </div>
              )}
            </div>
          </li>
        );
      })}
      {order.reservations.map((r, index) => (
        <li
          key={`${r.eventId}-${String(r.selectedSlot.id)}-${r.selectedSlot.start}`}
          className="wz-cart-line"
          data-testid="cart-reservation"
        >
          <div className="wz-cart-line__img wz-cart-line__qtybox" aria-label={`${r.totalQuantity} ${t.places}`}>
            {r.totalQuantity}
          </div>
          <div className="wz-cart-line__body">
            <div className="wz-cart-line__title">{eventTitle(r, texts)}</div>
            <div className="wz-cart-line__meta">
              {r.selectedSlot.name ? `${r.selectedSlot.name} · ` : ''}
              {slotDates(r, texts.lang)}
            </div>
            {(r.taxQuantities ?? 0) > 0 && (
              <div className="wz-cart-line__meta">
                {r.taxQuantities} {t.touristTaxPlaces}
              </div>
            )}
            {(r.optionalQuantities ?? 0) > 0 && (
              <div className="wz-cart-line__meta">
                {r.optionalQuantities} {t.optionalPlaces}
              </div>
            )}
            <LineProblems messages={reservationProblems?.[index]} />
          </div>
          <div className="wz-cart-line__side">
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`${t.removeReservation} ${eventTitle(r, texts)}`}
              onClick={() => useCart.getState().removeReservation(order.seller.id, r)}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
