// « Mes points de fidélité » (dashboard widget 'myLoyalty', buyers; declared in ../routes.ts `widgets`, rendered by the
// shell on /dashboard inside its own card). Per shop where the buyer holds points: the shop (link to its public page),
// the balance, the level reached, what is missing to the next one, and the offers of the reached levels, which are
// spent in the cart (mfe-cart's « Fidélité » block).
import { Alert, Button, Flex, Skeleton, Typography, theme } from 'antd';
import { loyaltyOfferLabel, type LoyaltyBuyerView } from 'shared-kernel/contracts';
import { useLanguage } from 'shared-kernel/i18n';
import { Link } from 'shared-kernel/router';
import { useMyLoyalty } from './loyalty.queries';
import { useTexts } from './texts';

/** The shop's public page: /{slug} (mfe-shop '/:name'), else /shops/{id}. */
export function shopPagePath(shop: LoyaltyBuyerView['shop']): string {
  return shop.slug ? `/${encodeURIComponent(shop.slug)}` : `/shops/${shop.id}`;
}

/** The offers of every reached level, with the names of the available products of a products offer. */
function reachedOffers(view: LoyaltyBuyerView, lang: 'fr' | 'en') {
  return view.levels
    .filter((l) => l.reached)
    .flatMap((l) =>
      l.offers.map((offer, i) => ({
        key: `${l.index}-${i}`,
        level: l,
        label: loyaltyOfferLabel(offer, lang),
        products: (l.products[i] ?? []).filter((p) => p.available).map((p) => (p.vintageName ? `${p.name} ${p.vintageName}` : p.name)),
      })),
    );
}

function ShopStanding({ view, first }: { view: LoyaltyBuyerView; first: boolean }) {
  const t = useTexts();
  const lang = useLanguage() === 'en' ? 'en' : 'fr';
  const { token } = theme.useToken();
  const offers = reachedOffers(view, lang);
  return (
    <li style={{ padding: `${token.paddingSM}px 0`, borderTop: first ? undefined : `1px solid ${token.colorBorderSecondary}` }}>
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="baseline" gap={8} wrap>
          <Link to={shopPagePath(view.shop)} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {view.shop.name}
          </Link>
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {t.points(view.balance)}
          </Typography.Text>
        </Flex>
        <Typography.Text>{view.level ? t.level(view.level.name) : t.noLevel}</Typography.Text>
        {view.next ? (
          <Typography.Text type="secondary">{t.toNext(view.next.needed, view.next.name)}</Typography.Text>
        ) : (
          view.level && <Typography.Text type="secondary">{t.top}</Typography.Text>
        )}
        {offers.length > 0 && (
          <>
            <ul aria-label={t.offersLabel(view.shop.name)} style={{ margin: 0, paddingInlineStart: 20 }}>
              {offers.map((o) => (
                <li key={o.key}>
                  <Typography.Text>
                    {t.offerOf(o.level.name, t.points(o.level.threshold))} : {o.label}
                    {o.products.length > 0 && <Typography.Text type="secondary"> — {t.products(o.products.join(', '))}</Typography.Text>}
                  </Typography.Text>
                </li>
              ))}
            </ul>
            <Typography.Text type="secondary">{t.useInCart}</Typography.Text>
          </>
        )}
      </Flex>
    </li>
  );
}

export default function MyLoyaltyWidget() {
  const t = useTexts();
  const { data, isPending, isError, refetch, isFetching } = useMyLoyalty();
  if (isPending)
    return (
      <div role="status" aria-busy="true" aria-label={t.loading}>
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  if (isError)
    return (
      <Alert
        type="warning"
        showIcon
        title={t.error}
        action={
          <Button size="small" onClick={() => void refetch()} loading={isFetching}>
            {t.retry}
          </Button>
        }
      />
    );
  if (data.items.length === 0)
    return (
      <Flex vertical gap={4}>
        <Typography.Text>{t.empty}</Typography.Text>
        <Typography.Text type="secondary">{t.emptyHint}</Typography.Text>
      </Flex>
    );
  return (
    <ul aria-label={t.label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {data.items.map((view, i) => (
        <ShopStanding key={view.shop.id} view={view} first={i === 0} />
      ))}
    </ul>
  );
}
