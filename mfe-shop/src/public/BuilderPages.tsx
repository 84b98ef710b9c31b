import { useMemo, useState } from 'react';
import { Link, useParams } from 'shared-kernel/router';
import type { BoxCompositionItem, BuilderOption, PublicShopPage, ShopBuilderDetail } from 'shared-kernel/contracts';
import type { CartProduct, CartSeller } from 'shared-kernel/domain';
import { productSlug, toCartFormat, vatRateOf } from 'shared-kernel/domain';
import { bus, notify, useCart, useSession } from 'shared-kernel/runtime';
import { fetchBuilder, fetchBuilders } from './builders.api';
import { useLoad } from './data';
import { Visual } from './Visual';
import { colorLabel, priceText, vintageLabel } from './format';
import { ShopFrame } from './ShopFrame';
import { useTexts } from './texts';

/** Box builders ('Composer un coffret'): /shops/{id}/builders, /shops/{id}/builders/{builder}[/{product}]. */

const optionKey = (o: Pick<BuilderOption, 'productId' | 'formatId' | 'vintageId'>) => `${o.productId}-${o.formatId}-${o.vintageId ?? 0}`;

/** The composition as sent with the cart line: one entry per chosen bottle, in a stable order. */
export function compositionOf(options: BuilderOption[], counts: Record<string, number>): BoxCompositionItem[] {
  return options
    .filter((o) => (counts[optionKey(o)] ?? 0) > 0)
    .map((o) => ({
      productId: o.productId,
      formatId: o.formatId,
      vintageId: o.vintageId,
      quantity: counts[optionKey(o)],
      name: o.vintage && o.vintage !== 'NV' ? `${o.name} ${o.vintage}` : o.name,
    }))
    .sort((a, b) => a.productId - b.productId || (a.vintageId ?? 0) - (b.vintageId ?? 0));
}

/**
 * Adds a composed box to the cart. The cart store merges lines of the same product and format; two boxes with
 * different compositions must stay two lines, so a different composition is appended as its own line.
 */
export function addBoxToCart(seller: CartSeller, line: CartProduct & { composition: BoxCompositionItem[] }): void {
  const cart = useCart.getState();
  const order = cart.orders.find((o) => o.seller.id === seller.id);
  const same = (p: CartProduct) =>
    p.id === line.id &&
    (p.chosenFormat?.id ?? null) === (line.chosenFormat?.id ?? null) &&
    (p.chosenVintage?.id ?? null) === (line.chosenVintage?.id ?? null) &&
    !p.isFromFidelity;
  if (!order || !order.products.some(same)) {
    cart.addProduct(seller, line);
    return;
  }
  // The store would merge into the first line of this box whatever its composition: update the right line here.
  const key = JSON.stringify(line.composition);
  const identical = order.products.findIndex((p) => same(p) && JSON.stringify(p.composition ?? null) === key);
  const products =
    identical === -1
      ? [...order.products, line]
      : order.products.map((p, i) => (i === identical ? { ...p, quantity: p.quantity + Math.max(1, line.quantity) } : p));
  cart.replace({ orders: cart.orders.map((o) => (o === order ? { ...o, products } : o)), lastUpdated: new Date().toISOString() });
}

function BuildersList({ shop }: { shop: PublicShopPage }) {
  const t = useTexts();
  const loggedIn = useSession((s) => !!s.jwt);
  const state = useLoad(`${shop.id}|${loggedIn}`, (signal) => fetchBuilders(shop.id, signal));
  return (
    <section>
      <h1>{t.builders}</h1>
      <p className="wzs-meta">{t.buildersIntro}</p>
      {state.status === 'loading' && (
        <p className="wzs-empty" aria-busy="true">
          {t.loading}
        </p>
      )}
      {state.status === 'error' && (
        <p className="wzs-empty" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'ok' && state.data.length === 0 && (
        <p className="wzs-empty" data-testid="empty">
          {t.noBuilders}
        </p>
      )}
      {state.status === 'ok' && state.data.length > 0 && (
        <ul className="wzs-grid">
          {state.data.map(({ product, builder }) => {
            const price = product.formats[0]?.price;
            return (
              <li key={product.id} className="wzs-card">
                <Link to={`/shops/${shop.id}/builders/${productSlug(product)}`} aria-label={`${t.compose} : ${product.name}`}>
                  <Visual src={product.visuals[0]} kind="box" color={null} />
                  <h3>{product.name}</h3>
                  <span className="wzs-meta">{t.boxOf(builder.size)}</span>
                  {builder.description && <span className="wzs-meta">{builder.description}</span>}
                  <span className="wzs-price">{price ? priceText(price.priceCents, price.ttc, t) : t.noPrice}</span>
                  <span className="wzs-btn" style={{ textAlign: 'center', marginTop: 'auto' }}>
                    {t.compose}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function BuilderView({ shop, detail, preselect }: { shop: PublicShopPage; detail: ShopBuilderDetail; preselect?: string }) {
  const t = useTexts();
  const { product, builder, options } = detail;
  const size = builder.size;
  const [counts, setCounts] = useState<Record<string, number>>(() => {
    const id = preselect ? /^(\d{1,9})/.exec(preselect)?.[1] : undefined;
    const first = id ? options.find((o) => String(o.productId) === id) : undefined;
    return first ? { [optionKey(first)]: 1 } : {};
  });
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const left = size - total;
  const format = product.formats[0] ?? null;
  const price = format?.price ?? null;
  const role = useSession((s) => s.user?.role);
  const canBuy = !!format && !!price && format.stock > 0 && (role === undefined || role === 'buyer' || role === 'owner' || role === 'iam');
  const composition = useMemo(() => compositionOf(options, counts), [options, counts]);
  const change = (o: BuilderOption, delta: number) =>
    setCounts((c) => {
      const k = optionKey(o);
      const cur = c[k] ?? 0;
      const sum = Object.values(c).reduce((a, b) => a + b, 0);
      if (delta > 0 && (sum >= size || cur >= o.stock)) return c;
      const next = Math.max(0, cur + delta);
      return { ...c, [k]: next };
    });
  const add = () => {
    if (!format || !price || total !== size) return;
    addBoxToCart(
      { id: shop.id, name: shop.name, urlShop: shop.urlShop },
      {
        idTmp: `${product.id}-${format.id}-box-${Date.now().toString(36)}`,
        id: product.id,
        productType: 'box',
        quantity: 1,
        name: product.name,
        vatType: product.vatType,
        chosenFormat: toCartFormat(format, price, vatRateOf(product.vatType)),
        chosenVintage: null,
        composition,
      },
    );
    notify.success(t.boxAdded);
    setCounts({});
    bus.emit('cart:open', undefined);
  };
  return (
    <section>
      <p className="wzs-meta">
        <Link to={`/shops/${shop.id}/builders`}>← {t.builders}</Link>
      </p>
      <h1 style={{ margin: '4px 0' }}>{product.name}</h1>
      <p className="wzs-meta">{builder.description ?? product.description ?? t.boxOf(size)}</p>
      <p className="wzs-price">
        {t.pricePerBox} : {price ? priceText(price.priceCents, price.ttc, t) : t.noPrice}
      </p>
      <ul className="wzs-slots" aria-hidden="true">
        {Array.from({ length: size }, (_, i) => (
          <li key={i} className={`wzs-slot${i < total ? ' full' : ''}`}>
            {i + 1}
          </li>
        ))}
      </ul>
      {options.length === 0 ? (
        <p className="wzs-empty" data-testid="empty">
          {t.noOptions}
        </p>
      ) : (
        <ul className="wzs-options-list" aria-label={t.yourBox}>
          {options.map((o) => {
            const n = counts[optionKey(o)] ?? 0;
            const label = `${o.name}${o.vintage ? ` ${vintageLabel(o.vintage, t)}` : ''}`;
            return (
              <li key={optionKey(o)} className={`wzs-option${n > 0 ? ' picked' : ''}`}>
                <div>
                  <strong>{o.name}</strong>
                  {o.vintage && <> · {vintageLabel(o.vintage, t)}</>}
                  <div className="wzs-meta">
                    {[o.color ? colorLabel(o.color, t.lang) : null, o.precision, o.format].filter(Boolean).join(' · ')}
                  </div>
                </div>
                <div className="wzs-counter">
                  <button type="button" aria-label={`${t.removeOne} ${label}`} disabled={n === 0} onClick={() => change(o, -1)}>
                    −
                  </button>
                  <output aria-label={label} data-testid={`count-${optionKey(o)}`}>
                    {n}
                  </output>
                  <button
                    type="button"
                    aria-label={`${t.addOne} ${label}`}
                    disabled={left <= 0 || n >= o.stock}
                    onClick={() => change(o, 1)}
                  >
                    +
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="wzs-sticky">
        <span role="status" aria-live="polite" data-testid="remaining">
          {t.chosen(total, size)} — {left > 0 ? t.remaining(left) : t.boxFull}
        </span>
        <button type="button" className="wzs-btn" disabled={!canBuy || total !== size} onClick={add}>
          {t.addToCart}
        </button>
      </div>
    </section>
  );
}

function BuilderLoader({ shop }: { shop: PublicShopPage }) {
  const t = useTexts();
  const { builder = '', product } = useParams();
  const loggedIn = useSession((s) => !!s.jwt);
  const state = useLoad(`${shop.id}|${builder}|${loggedIn}`, (signal) => fetchBuilder(shop.id, builder, signal));
  if (state.status === 'loading')
    return (
      <p className="wzs-empty" aria-busy="true">
        {t.loading}
      </p>
    );
  if (state.status === 'error') {
    return (
      <div className="wzs-empty" role="alert">
        <h1>{state.code === 404 ? t.builderNotFound : state.message}</h1>
        <p>
          <Link to={`/shops/${shop.id}/builders`}>{t.builders}</Link>
        </p>
      </div>
    );
  }
  return <BuilderView key={`${state.data.product.id}-${product ?? ''}`} shop={shop} detail={state.data} preselect={product} />;
}

/** /shops/{id}/builders */
export function BuildersPage() {
  return <ShopFrame>{(shop) => <BuildersList shop={shop} />}</ShopFrame>;
}

/** /shops/{id}/builders/{builder} and /shops/{id}/builders/{builder}/{product} (that product pre-selected). */
export default function BuilderPage() {
  return <ShopFrame>{(shop) => <BuilderLoader shop={shop} />}</ShopFrame>;
}
