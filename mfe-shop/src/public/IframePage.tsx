import { useParams } from 'shared-kernel/router';
import { AgeGate } from './AgeGate';
import { isShopClosed, useLoad } from './data';
import { isAlcoholic } from './format';
import { fetchIframeWidget } from './iframe.api';
import { ProductList } from './ProductList';
import { ProductView } from './ProductPage';
import { ShopStyles } from './ShopFrame';
import { useTexts } from './texts';

/** /iframes/{id}: a shop's product list or a single product, embeddable by another site (frame-ancestors * on this route only). */
export default function IframePage() {
  const t = useTexts();
  const { id = '' } = useParams();
  const state = useLoad(id, (signal) => fetchIframeWidget(id, signal));
  if (state.status === 'loading')
    return (
      <main className="wzs" aria-busy="true">
        <ShopStyles />
        <p className="wzs-empty">{t.loading}</p>
      </main>
    );
  if (state.status === 'error')
    return (
      <main className="wzs">
        <ShopStyles />
        <p className="wzs-empty" role="alert">
          {isShopClosed(state) ? t.closedTitle : state.code === 404 ? 'Iframe introuvable' : state.message}
        </p>
      </main>
    );
  const { shop, product } = state.data;
  const base = `/${shop.urlShop}`;
  return (
    <AgeGate active={isAlcoholic(shop.businessType)}>
      <ShopStyles />
      <main className="wzs" data-testid="iframe-widget">
        <p className="wzs-brand" style={{ padding: '10px 0' }}>
          <a href={base} target="_top">
            {shop.name}
          </a>
        </p>
        {isAlcoholic(shop.businessType) && <p className="wzs-evin">{t.evin}</p>}
        {product ? <ProductView shop={shop} product={product} base={base} /> : <ProductList shop={shop} base={base} />}
      </main>
    </AgeGate>
  );
}
