import { Link, useParams, useSearchParams } from 'shared-kernel/router';
import type { CatalogProduct, NutritionFacts, PublicShopPage } from 'shared-kernel/contracts';
import { fetchProduct, fetchProducts, fetchShopPage, useLoad } from './data';
import { colorLabel, vintageLabel } from './format';
import { ShopError, ShopStyles } from './ShopFrame';
import { useTexts, type LangTexts } from './texts';

const num = (n: number | undefined, lang: string, digits = 1) =>
  (n ?? 0).toLocaleString(lang === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: digits });

/** Ingredients with the allergens emphasised (EU 1169/2011 art. 21, required by 2021/2117 e-labels). */
export function Ingredients({ text, allergens }: { text: string; allergens: string[] }) {
  if (!allergens.length) return <>{text}</>;
  const escaped = allergens.map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = text.split(new RegExp(`(${escaped.join('|')})`, 'gi'));
  return (
    <>
      {parts.map((p, i) =>
        allergens.some((a) => a.toLowerCase() === p.toLowerCase()) ? <strong key={i}>{p}</strong> : <span key={i}>{p}</span>,
      )}
    </>
  );
}

export function ELabel({
  product,
  vintageId,
  shop,
  t,
}: {
  product: CatalogProduct;
  vintageId: string | null;
  shop: PublicShopPage;
  t: LangTexts;
}) {
  const vintage = product.vintages.find((v) => String(v.id) === vintageId) ?? product.vintages[0];
  const n: NutritionFacts | null = vintage?.nutrition ?? null;
  return (
    <article className="wzs-nutri" lang={t.lang}>
      <h1>
        {product.name}
        {vintage ? ` — ${vintageLabel(vintage.name, t)}` : ''}
      </h1>
      {product.vintages.length > 1 && (
        <p className="wzs-chips">
          {product.vintages.map((v) => (
            <Link key={v.id} className="wzs-chip" aria-pressed={v.id === vintage?.id} to={`?product=${product.id}&vintage=${v.id}`}>
              {vintageLabel(v.name, t)}
            </Link>
          ))}
        </p>
      )}
      {!n ? (
        <p className="wzs-empty">{t.noNutrition}</p>
      ) : (
        <>
          <dl className="wzs-meta">
            {n.category && (
              <>
                <dt>{t.category}</dt>
                <dd>
                  {n.category}
                  {n.colour ? ` ${colorLabel(n.colour, t.lang).toLowerCase()}` : ''}
                </dd>
              </>
            )}
            {n.appellation && (
              <>
                <dt>{t.appellation}</dt>
                <dd>{n.appellation}</dd>
              </>
            )}
            {n.grapeVariety && (
              <>
                <dt>{t.grape}</dt>
                <dd>{n.grapeVariety}</dd>
              </>
            )}
            {n.alcoholDegree != null && (
              <>
                <dt>{t.alcohol}</dt>
                <dd>{num(n.alcoholDegree, t.lang)} % vol.</dd>
              </>
            )}
            <dt>{t.producer}</dt>
            <dd>{n.owner ?? shop.name}</dd>
            {n.country && (
              <>
                <dt>{t.country}</dt>
                <dd>{n.country}</dd>
              </>
            )}
          </dl>
          <h2>{t.nutritionTitle}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col" style={{ textAlign: 'right' }}>
                  {t.per100}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t.energy}</th>
                <td>
                  {num(n.energyKj, t.lang, 0)} kJ / {num(n.energyKcal, t.lang, 0)} kcal
                </td>
              </tr>
              <tr>
                <th scope="row">{t.fat}</th>
                <td>{num(n.fat, t.lang)} g</td>
              </tr>
              <tr>
                <th scope="row" className="wzs-sub">
                  {t.saturates}
                </th>
                <td>{num(n.saturatedFat, t.lang)} g</td>
              </tr>
              <tr>
                <th scope="row">{t.carbohydrate}</th>
                <td>{num(n.carbohydrates, t.lang)} g</td>
              </tr>
              <tr>
                <th scope="row" className="wzs-sub">
                  {t.sugars}
                </th>
                <td>{num(n.sugars, t.lang)} g</td>
              </tr>
              <tr>
                <th scope="row">{t.protein}</th>
                <td>{num(n.proteins, t.lang)} g</td>
              </tr>
              <tr>
                <th scope="row">{t.salt}</th>
                <td>{num(n.salt, t.lang, 2)} g</td>
              </tr>
            </tbody>
          </table>
          {n.ingredients && (
            <>
              <h2>{t.ingredients}</h2>
              <p data-testid="ingredients">
                <Ingredients text={n.ingredients} allergens={n.allergens ?? []} />
              </p>
              <p className="wzs-meta">{t.allergensNote}</p>
            </>
          )}
        </>
      )}
    </article>
  );
}

function ProductELabel({ shop, productId, vintageId }: { shop: PublicShopPage; productId: string; vintageId: string | null }) {
  const t = useTexts();
  const state = useLoad(productId, (signal) => fetchProduct(productId, signal));
  if (state.status === 'loading') return <p className="wzs-empty">{t.loading}</p>;
  if (state.status === 'error' || state.data.shopId !== shop.id)
    return (
      <p className="wzs-empty" role="alert">
        {t.productNotFound}
      </p>
    );
  return <ELabel product={state.data} vintageId={vintageId} shop={shop} t={t} />;
}

function ELabelIndex({ shop }: { shop: PublicShopPage }) {
  const t = useTexts();
  const state = useLoad(String(shop.id), (signal) => fetchProducts(shop.id, { productType: ['bottle'] }, { signal }));
  if (state.status === 'loading') return <p className="wzs-empty">{t.loading}</p>;
  if (state.status === 'error')
    return (
      <p className="wzs-empty" role="alert">
        {state.message}
      </p>
    );
  const withLabel = state.data.items.filter((p) => p.vintages.some((v) => v.nutrition));
  return (
    <section>
      <h1>{t.nutrition}</h1>
      <p>{t.chooseProduct}</p>
      {withLabel.length === 0 ? (
        <p className="wzs-empty">{t.noProducts}</p>
      ) : (
        <ul>
          {withLabel.map((p) => (
            <li key={p.id}>
              <Link to={`?product=${p.id}`}>{p.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /{name}/nutritiveValues — the EU 2021/2117 wine e-label. No age gate, no cookie,
 * no third-party script: plain HTML from the api data only.
 */
export default function NutritionPage() {
  const t = useTexts();
  const { name = '' } = useParams();
  const [search] = useSearchParams();
  const state = useLoad(name, (signal) => fetchShopPage(name, signal));
  if (state.status === 'loading')
    return (
      <main className="wzs">
        <ShopStyles />
        <p className="wzs-empty">{t.loading}</p>
      </main>
    );
  if (state.status === 'error') return <ShopError state={state} />;
  const shop = state.data;
  const productId = search.get('product');
  return (
    <main className="wzs">
      <ShopStyles />
      <p className="wzs-meta" style={{ paddingTop: 12 }}>
        {shop.name}
      </p>
      {productId ? <ProductELabel shop={shop} productId={productId} vintageId={search.get('vintage')} /> : <ELabelIndex shop={shop} />}
    </main>
  );
}
