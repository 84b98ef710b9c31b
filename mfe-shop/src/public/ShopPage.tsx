import { useSearchParams } from 'shared-kernel/router';
import type { PublicShopPage } from 'shared-kernel/contracts';
import { ProductList } from './ProductList';
import { ShopBanner, ShopFrame, selectTab, useShopBase } from './ShopFrame';
import { productsTitle } from './format';
import { useReleaseFirstPaint } from './first-paint';
import { ShopEvents, useShopEvents } from './ShopEvents';
import { ShopInfos } from './ShopInfos';
import { useTexts } from './texts';

function ShopContent({ shop }: { shop: PublicShopPage }) {
  const t = useTexts();
  const [search] = useSearchParams();
  const base = useShopBase(shop);
  const tab = selectTab(shop.tabs, search.get('page'), search.get('pageid'));
  useReleaseFirstPaint(!!shop.suspended || (!!tab && tab.content.kind === 'text'));
  // the shop's home (no tab) offers its events; a suspended shop sells nothing
  const events = useShopEvents(shop.id, !tab && !shop.suspended);
  if (shop.suspended) {
    return (
      <section role="status">
        <ShopBanner shop={shop} />
        <h1>{t.suspendedTitle}</h1>
        <p className="wzs-text">{t.suspendedText}</p>
      </section>
    );
  }
  if (tab && tab.content.kind === 'text') {
    return (
      <section>
        <ShopBanner shop={shop} />
        <h1>{tab.name}</h1>
        <p className="wzs-text">{tab.content.text}</p>
      </section>
    );
  }
  return (
    <section>
      <ShopBanner shop={shop} />
      <h1>{tab ? tab.name : productsTitle(shop, t.lang)}</h1>
      {!tab && shop.description && <p className="wzs-meta wzs-text">{shop.description}</p>}
      {!tab && events && events.length > 0 && (
        <p>
          <a href="#wzs-events" className="wzs-jump">
            {t.eventsJump} ↓
          </a>
        </p>
      )}
      <ProductList shop={shop} base={base} tabFilter={tab && tab.content.kind === 'products' ? tab.content.filter : undefined} />
      {!tab && <ShopEvents shop={shop} events={events} />}
      {!tab && <ShopInfos infos={shop.infos} />}
    </section>
  );
}

/** /{name} and /shops/{id}: the shop page (tabs, listing, filters). */
export default function ShopPage() {
  return <ShopFrame>{(shop) => <ShopContent shop={shop} />}</ShopFrame>;
}
