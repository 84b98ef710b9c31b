import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'shared-kernel/router';
import { productSlug } from 'shared-kernel/domain';
import type { CatalogProduct, PublicShopPage } from 'shared-kernel/contracts';
import { applyTiers, toCartFormat, toCartVintage, vatRateOf } from 'shared-kernel/domain';
import { bus, notify, useCart, useSession } from 'shared-kernel/runtime';
import { fetchProduct, takeInlinedProduct, useLoad } from './data';
import { useReleaseFirstPaint, useServerData } from './first-paint';
import { Visual } from './Visual';
import { colorLabel, formatLabel, isAlcoholic, priceText, promoText, stockState, typeLabel, vintageLabel, vintageWord } from './format';
import { ShopFrame, useShopBase } from './ShopFrame';
import { useTexts } from './texts';

const QrDownload = lazy(() => import('./QrDownload'));

export function ProductView({ shop, product, base }: { shop: PublicShopPage; product: CatalogProduct; base: string }) {
  const t = useTexts();
  const [search, setSearch] = useSearchParams();
  const vq = search.get('vintage');
  const fq = search.get('format');
  const vintage = product.vintages.find((v) => String(v.id) === vq || v.name === vq) ?? product.vintages[0] ?? null;
  const format = product.formats.find((f) => String(f.id) === fq) ?? product.formats[0] ?? null;
  const [qty, setQty] = useState(format?.minPurchase ?? 1);
  useEffect(() => {
    setQty(format?.minPurchase ?? 1);
  }, [format?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const st = stockState(product.status, product.formats, t);
  const formatAvailable = st.available && !!format && format.stock > 0;
  const role = useSession((s) => s.user?.role);
  const loggedIn = useSession((s) => !!s.jwt);
  const isShopStaff = useSession((s) => (s.user?.role === 'owner' || s.user?.role === 'iam') && s.shop?.id === shop.id);
  const price = format?.price ?? null;
  const tier = useMemo(
    () =>
      price
        ? applyTiers({ basePrice: price.priceCents, quantity: qty, discountPrice: price.discountPrice, discountAdd: price.discountAdd })
        : null,
    [price, qty],
  );
  const select = (key: 'vintage' | 'format', value: number) => {
    const next = new URLSearchParams(search);
    next.set(key, String(value));
    setSearch(next, { replace: true });
  };
  const canBuy = formatAvailable && !!price && (!loggedIn || role === 'buyer' || role === 'owner' || role === 'iam');
  const add = () => {
    if (!format || !price) return;
    useCart.getState().addProduct(
      { id: shop.id, name: shop.name, urlShop: shop.urlShop },
      {
        idTmp: `${product.id}-${format.id}-${vintage?.id ?? 0}-${Date.now().toString(36)}`,
        id: product.id,
        productType: product.productType,
        quantity: qty,
        name: product.name,
        vatType: product.vatType,
        chosenFormat: toCartFormat(format, price, vatRateOf(product.vatType)),
        // shop prices are duty-inclusive: the cart shows the price the page showed
        chosenVintage: toCartVintage(vintage),
      },
    );
    notify.success(t.added);
    bus.emit('cart:open', undefined);
  };
  const tiers = price ? Object.entries(price.discountPrice).sort((a, b) => Number(a[0]) - Number(b[0])) : [];
  const adds = price ? Object.entries(price.discountAdd) : [];
  return (
    <article className="wzs-product">
      <Visual src={product.visuals[0]} kind={product.productType} color={product.color} />
      <div>
        <p className="wzs-meta">
          <Link to={base}>← {t.back}</Link>
        </p>
        <h1 style={{ margin: '4px 0' }}>{product.name}</h1>
        <p className="wzs-meta">
          {[
            product.precision,
            product.color ? colorLabel(product.color, t.lang) : null,
            product.type ? typeLabel(product.type) : null,
            product.gamme,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {product.description && <p>{product.description}</p>}
        {product.productType === 'box' && product.builder && (
          <p>
            <Link
              className="wzs-btn"
              style={{ display: 'inline-block', textDecoration: 'none' }}
              to={`/shops/${shop.id}/builders/${productSlug(product)}`}
            >
              {t.composeThis}
            </Link>
          </p>
        )}
        {product.vintages.length > 0 && (
          <div className="wzs-field" role="group" aria-labelledby="wzs-vintage-label">
            <span id="wzs-vintage-label">{vintageWord(shop.businessType, t)}</span>
            <div className="wzs-options">
              {product.vintages.map((v) => (
                <button
                  key={v.id}
                  type="button"
                  className="wzs-chip"
                  aria-pressed={vintage?.id === v.id}
                  onClick={() => select('vintage', v.id)}
                >
                  {vintageLabel(v.name, t)}
                </button>
              ))}
            </div>
            {vintage?.alcohol != null && (
              <span className="wzs-meta">
                {t.alcohol} : {vintage.alcohol.toLocaleString(t.lang === 'en' ? 'en-GB' : 'fr-FR')} % vol.
              </span>
            )}
          </div>
        )}
        {product.formats.length > 0 && (
          <div className="wzs-field" role="group" aria-labelledby="wzs-format-label">
            <span id="wzs-format-label">{t.format}</span>
            <div className="wzs-options">
              {product.formats.map((f) => (
                <button
                  key={f.id}
                  type="button"
                  className="wzs-chip"
                  aria-pressed={format?.id === f.id}
                  onClick={() => select('format', f.id)}
                >
                  {formatLabel(f, t.lang)}
                </button>
              ))}
            </div>
            {format?.packing && product.productType === 'bottle' && (
              <span className="wzs-meta">
                {t.packing} : {format.packing}
              </span>
            )}
          </div>
        )}
        <div className="wzs-field" data-testid="price">
          {price ? (
            <>
              <div className="wzs-price" style={{ fontSize: '1.5rem' }}>
                {priceText(price.priceCents, price.ttc, t)}
              </div>
              {tiers.length > 0 && (
                <table className="wzs-tiers" aria-label={t.tiers}>
                  <caption style={{ textAlign: 'left', fontWeight: 600 }}>{t.tiers}</caption>
                  <tbody>
                    {tiers.map(([q, c]) => (
                      <tr key={q}>
                        <th scope="row">
                          {t.from} {q}
                        </th>
                        <td>{priceText(c, price.ttc, t)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {adds.map(([q, n]) => (
                <p key={q} className="wzs-promo">
                  {t.from} {q} : +{n} {t.offered}
                </p>
              ))}
              {format!.promotions.map((p) => (
                <p key={p.id} className="wzs-promo">
                  {t.promo} — {promoText(p, t)}
                </p>
              ))}
            </>
          ) : shop.pricesReservedToMembers && !loggedIn ? (
            <p className="wzs-promo">
              {t.pricesReserved}{' '}
              <Link to={`/auth/login?redirectLink=${encodeURIComponent(`${base}/${productSlug(product)}`)}`}>{t.signIn}</Link>
            </p>
          ) : (
            <p>{t.noPrice}</p>
          )}
        </div>
        <p>
          <span className={`wzs-badge${formatAvailable ? ' ok' : ''}`} data-testid="stock">
            {formatAvailable ? t.inStock : st.available ? t.outOfStock : st.text}
          </span>
        </p>
        {price && (
          <div className="wzs-field" style={{ display: 'flex', gap: 10, alignItems: 'flex-end', flexWrap: 'wrap' }}>
            <label>
              <span style={{ display: 'block', fontWeight: 600 }}>{t.quantity}</span>
              <input
                className="wzs-qty"
                type="number"
                inputMode="numeric"
                min={format?.minPurchase ?? 1}
                max={format?.maxPurchase ?? undefined}
                value={qty}
                onChange={(e) =>
                  setQty(Math.max(format?.minPurchase ?? 1, Math.min(format?.maxPurchase ?? 9999, Math.floor(Number(e.target.value) || 0))))
                }
              />
            </label>
            <button type="button" className="wzs-btn" disabled={!canBuy} onClick={add}>
              {t.addToCart}
            </button>
          </div>
        )}
        {tier && tier.threshold !== null && (
          <p className="wzs-meta" data-testid="tier-price">
            {t.unitPriceFor} {qty} : {priceText(tier.price, price!.ttc, t)}
            {tier.addQuantity ? ` (+${tier.addQuantity} ${t.offered})` : ''}
          </p>
        )}
        {isAlcoholic(shop.businessType) && vintage?.nutrition && (
          <p>
            <Link to={`/${shop.urlShop}/nutritiveValues?product=${product.id}&vintage=${vintage.id}`}>{t.nutrition}</Link>
          </p>
        )}
        {format?.gtin && <p className="wzs-meta">EAN : {format.gtin}</p>}
        {format?.gtin && isShopStaff && (
          <Suspense fallback={null}>
            <QrDownload gtin={format.gtin} vintage={vintage?.name} name={product.name} />
          </Suspense>
        )}
      </div>
    </article>
  );
}

function ProductLoader({ shop }: { shop: PublicShopPage }) {
  const t = useTexts();
  const { product: ref = '' } = useParams();
  const base = useShopBase(shop);
  const loggedIn = useSession((s) => !!s.jwt);
  const server = useServerData();
  const state = useLoad(
    `${ref}|${loggedIn}`,
    (signal) => fetchProduct(ref, signal),
    () => takeInlinedProduct(ref, loggedIn, server),
  );
  useReleaseFirstPaint(state.status !== 'loading');
  if (state.status === 'loading') return <p className="wzs-empty">{t.loading}</p>;
  if (state.status === 'error' || state.data.shopId !== shop.id) {
    return (
      <div className="wzs-empty" role="alert">
        <h1>{t.productNotFound}</h1>
        <p>
          <a href={base}>{t.back}</a>
        </p>
      </div>
    );
  }
  return <ProductView shop={shop} product={state.data} base={base} />;
}

/** /{name}/{product} and /shops/{id}/{product}. */
export default function ProductPage() {
  return <ShopFrame>{(shop) => <ProductLoader shop={shop} />}</ShopFrame>;
}
