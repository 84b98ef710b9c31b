// Issue 18: spending loyalty points in a seller's order on the cart page. A logged-in buyer sees their points at the
// seller (GET /v1/loyalty/shops/:shopId/me), chooses one offer of a level they reached — a discount, taken off by the
// server, or products offered from a selection (free `isFromFidelity` lines, up to the offer's maxProducts units) —
// kept on the cart order as §4 `loyaltyData` and sent with get-cart-price and the order (the order then shows the
// server's price: ./ServerPrice.tsx). 'Retirer l'offre' is the store's resetLoyalty.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { Alert, Button, Radio } from 'antd';
import ShoppingOutlined from '@ant-design/icons/es/icons/ShoppingOutlined';
import {
  loyaltyOfferLabel,
  PRODUCT_TYPES,
  type LoyaltyBuyerView,
  type LoyaltyOffer,
  type LoyaltyOfferedProduct,
} from 'shared-kernel/contracts';
import {
  canAddLoyaltyProduct,
  hasLoyalty,
  loyaltySelectionOf,
  loyaltyUnits,
  type AppliedLoyaltyPrice,
  type CartOrder,
  type CartProduct,
  type LoyaltySelection,
  type ProductType,
} from 'shared-kernel/domain';
import { useCart, useSession } from 'shared-kernel/runtime';
import { useLoyaltyView } from '../checkout/checkout.queries';
import { useTexts } from '../texts';
import { addOfferedProduct, chooseLoyaltyOffer } from './loyalty-actions';
import { vintageLabel } from './view';

type Level = LoyaltyBuyerView['levels'][number];
interface Choice {
  key: string;
  level: Level;
  offer: LoyaltyOffer;
  offerIndex: number;
}

const keyOf = (level: number, offer: number) => `${level}:${offer}`;

const selectionOf = (c: Choice): LoyaltySelection => ({
  selectedLevel: c.level.index,
  selectedDiscount: c.offerIndex,
  pointsToLose: c.level.threshold,
  offerKind: c.offer.kind,
  maxProducts: c.offer.kind === 'products' ? c.offer.maxProducts : null,
});

/** The cart line of an offered product: one unit, free (`isFromFidelity`), at its format and vintage. */
export function offeredLine(p: LoyaltyOfferedProduct): CartProduct {
  const productType = (PRODUCT_TYPES as readonly string[]).includes(p.productType) ? (p.productType as ProductType) : 'bottle';
  return {
    idTmp: `loyalty-${p.id}-${p.formatId}-${p.vintageId ?? 0}`,
    id: p.id,
    productType,
    quantity: 1,
    name: p.name,
    image: p.image,
    chosenFormat: { id: p.formatId, nameInShop: p.formatLabel },
    chosenVintage: p.vintageId === null ? null : { id: p.vintageId, name: p.vintageName ?? undefined },
    isFromFidelity: true,
  };
}

/** 'Fidélité (Or)  −10,00 €' in an order's totals (`<dl>`), when the server took a loyalty discount off. */
export function LoyaltyTotal({ applied, testId = 'order-loyalty' }: { applied: AppliedLoyaltyPrice | null | undefined; testId?: string }) {
  const { cart: t, fmt } = useTexts();
  if (!applied || !(applied.amount > 0)) return null;
  return (
    <>
      <dt>{t.loyaltyLine(applied.levelName)}</dt>
      <dd data-testid={testId}>−{fmt.money(applied.amount)}</dd>
    </>
  );
}

interface LoyaltyProps {
  order: CartOrder;
  /** the server's reasons for refusing the offer (get-cart-price problems on `loyaltyData` / offered lines) */
  problems?: string[];
  /** the server's price is on its way */
  pending?: boolean;
  /** what the server applied (price.loyalty) */
  applied?: AppliedLoyaltyPrice | null;
}

/**
 * The « Fidélité » block of a seller's order: for a logged-in buyer whose seller has a loyalty programme. An order
 * holding an offer the block cannot show (logged out, programme gone) still shows the server's problem and
 * 'Retirer l'offre'.
 */
export function Loyalty(props: LoyaltyProps) {
  const buyer = useSession((s) => !!s.jwt && s.user?.role === 'buyer');
  if (buyer) return <BuyerLoyalty {...props} />;
  return hasLoyalty(props.order) ? <ChosenOffer {...props} /> : null;
}

function BuyerLoyalty(props: LoyaltyProps) {
  const q = useLoyaltyView(props.order.seller.id);
  if (q.data) return <LoyaltyChoices {...props} view={q.data} />;
  return !q.isPending && hasLoyalty(props.order) ? <ChosenOffer {...props} /> : null;
}

type TitleRef = RefObject<HTMLHeadingElement | null>;

function Frame({ title, titleRef, children }: { title: string; titleRef: TitleRef; children: ReactNode }) {
  const id = useId();
  return (
    <section className="wz-cart-loyalty" aria-labelledby={id} data-testid="loyalty">
      <h3 id={id} ref={titleRef} className="wz-cart-loyalty__title" tabIndex={-1}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The offer's state (checking / applied / refused) and 'Retirer l'offre'. */
function OfferState({ order, problems, pending, applied, titleRef }: LoyaltyProps & { titleRef: TitleRef }) {
  const { cart: t } = useTexts();
  const selected = loyaltySelectionOf(order) !== null;
  const used = hasLoyalty(order);
  const refusals = problems ?? [];
  const refused = refusals.length > 0;
  const sellerId = order.seller.id;
  const remove = () => {
    useCart.getState().resetLoyalty(sellerId);
    // the button goes away: the focus goes back to the block's title instead of being lost
    titleRef.current?.focus();
  };
  return (
    <>
      <div aria-live="polite" className="wz-cart-loyalty__state">
        {selected && pending && !refused && t.loyaltyChecking}
        {selected && !pending && !refused && applied && t.loyaltyApplied(applied.pointsToLose)}
      </div>
      {refused && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="loyalty-problem"
          title={
            refusals.length === 1 ? (
              refusals[0]
            ) : (
              <ul className="wz-cart-loyalty__problems">
                {refusals.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )
          }
        />
      )}
      {used && (
        <Button onClick={remove} className="wz-cart-loyalty__remove">
          {t.loyaltyRemove}
        </Button>
      )}
    </>
  );
}

/** An offer the page cannot show the programme of: the server's word on it and 'Retirer l'offre'. */
function ChosenOffer(props: LoyaltyProps) {
  const { cart: t } = useTexts();
  const titleRef = useRef<HTMLHeadingElement>(null);
  return (
    <Frame title={t.loyaltyTitleShort} titleRef={titleRef}>
      <p className="wz-cart-loyalty__text">{t.loyaltyChosen}</p>
      <OfferState {...props} titleRef={titleRef} />
    </Frame>
  );
}

function LoyaltyChoices({ view, ...props }: LoyaltyProps & { view: LoyaltyBuyerView }) {
  const { order } = props;
  const texts = useTexts();
  const t = texts.cart;
  const legendId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const sellerId = order.seller.id;
  const selection = loyaltySelectionOf(order);
  const choices: Choice[] = view.levels
    .filter((l) => l.reached)
    .flatMap((level) => level.offers.map((offer, offerIndex) => ({ key: keyOf(level.index, offerIndex), level, offer, offerIndex })));
  const selectedKey = selection ? keyOf(selection.selectedLevel, selection.selectedDiscount) : null;
  const chosen = choices.find((c) => c.key === selectedKey) ?? null;

  const choose = (c: Choice) => chooseLoyaltyOffer(sellerId, selectionOf(c));

  // An offer chosen earlier (a saved cart, a programme changed since) follows the programme: its kind, cap and points.
  const wanted = chosen ? selectionOf(chosen) : null;
  const staleKey =
    wanted &&
    selection &&
    (selection.offerKind !== wanted.offerKind ||
      (selection.maxProducts ?? null) !== wanted.maxProducts ||
      selection.pointsToLose !== wanted.pointsToLose)
      ? JSON.stringify(wanted)
      : '';
  useEffect(() => {
    if (staleKey) chooseLoyaltyOffer(sellerId, JSON.parse(staleKey) as LoyaltySelection);
  }, [sellerId, staleKey]);

  return (
    <Frame title={t.loyaltyTitle(view.balance)} titleRef={titleRef}>
      {view.level && <p className="wz-cart-loyalty__text">{t.loyaltyReached(view.level.name)}</p>}
      {view.next && <p className="wz-cart-loyalty__text">{t.loyaltyNext(view.next.needed, view.next.name)}</p>}
      {choices.length > 0 && (
        <div role="group" aria-labelledby={legendId} className="wz-cart-loyalty__choices">
          <div id={legendId} className="wz-cart-loyalty__legend">
            {t.loyaltyChoose}
          </div>
          <Radio.Group
            vertical
            value={chosen ? chosen.key : null}
            onChange={(e) => {
              const c = choices.find((x) => x.key === e.target.value);
              if (c) choose(c);
            }}
          >
            {choices.map((c) => (
              <Radio key={c.key} value={c.key} className="wz-cart-loyalty__offer">
                <span>
                  {c.level.name} · {loyaltyOfferLabel(c.offer, texts.lang)}
                </span>{' '}
                <span className="wz-cart-loyalty__cost">{t.loyaltyCost(c.level.threshold)}</span>
              </Radio>
            ))}
          </Radio.Group>
        </div>
      )}
      {chosen?.offer.kind === 'products' && (
        <OfferedProducts order={order} products={chosen.level.products[chosen.offerIndex] ?? []} max={chosen.offer.maxProducts} />
      )}
      <OfferState {...props} titleRef={titleRef} />
    </Frame>
  );
}

function OfferedProducts({ order, products, max }: { order: CartOrder; products: LoyaltyOfferedProduct[]; max: number }) {
  const texts = useTexts();
  const t = texts.cart;
  const units = loyaltyUnits(order);
  const canAdd = canAddLoyaltyProduct(order);
  return (
    <div className="wz-cart-loyalty__products" data-testid="loyalty-products">
      <p className="wz-cart-loyalty__text" aria-live="polite">
        {t.loyaltyProducts(units, max)}
        {units >= max && ` · ${t.loyaltyFull(max)}`}
      </p>
      <ul className="wz-cart-lines">
        {products.map((p) => {
          const line = offeredLine(p);
          const vintage = vintageLabel(line);
          return (
            <li key={line.idTmp} className="wz-cart-line" data-testid="loyalty-product">
              <div className="wz-cart-line__img">
                {p.image ? <img src={p.image} alt="" loading="lazy" /> : <ShoppingOutlined aria-hidden />}
              </div>
              <div className="wz-cart-line__body">
                <div className="wz-cart-line__title">
                  {p.name}
                  {vintage && <span className="wz-cart-line__vintage"> {vintage}</span>}
                </div>
                {p.formatLabel && <div className="wz-cart-line__meta">{p.formatLabel}</div>}
              </div>
              <div className="wz-cart-line__side">
                <Button
                  onClick={() => addOfferedProduct(order.seller.id, line)}
                  disabled={!canAdd || !p.available}
                  aria-label={p.available ? t.loyaltyAddOf(p.name) : undefined}
                >
                  {p.available ? t.loyaltyAdd : t.loyaltyUnavailable}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
