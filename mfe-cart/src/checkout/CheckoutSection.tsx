// One seller's checkout (spec §4/§5): contact phone, delivery and billing addresses, delivery method
// from the shop's checkout options (the cart store's setDeliveryType / setCollectionPoint keep the
// totals right), the shop's rules, payment method, terms, optional payment split; the server prices
// the order (its total is the one placed, as expectedTotalTTC) and the order is placed once thanks to
// an Idempotency-Key reused on retry. Then the payment (PaymentStep) and the confirmation.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, Controller } from 'react-hook-form';
import { Alert, Button, Checkbox, Modal, Radio, Skeleton, Steps } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import {
  CART_MESSAGES,
  CHECKOUT_PAYMENT_LABELS,
  CARD_PAYMENT_METHODS,
  type CheckoutOptions,
  type CheckoutPaymentMethod,
  type PaymentResult,
  type PlaceOrderRequest,
} from 'shared-kernel/contracts';
import { allocateCents, deliveryRateFor, packagingOf, toCents, type CartOrder, type SellerPriceResult } from 'shared-kernel/domain';
import { ApiError, notify, useCart, useSession } from 'shared-kernel/runtime';
import { MESSAGES, email, telephone, terms as termsValidator } from 'shared-kernel/validation';
import { sellerName, shopPathOf } from '../cart/view';
import { PaymentStep } from '../payment/PaymentStep';
import { clearPending, setCartOrderId, type PendingPayment } from '../payment/pending';
import type { ConfirmationData } from '../payment/Confirmation';
import { checkoutApi, newIdempotencyKey, toOrderInput } from './api';
import { useCheckoutOptions, usePaymentOptions, useServerPrice } from './checkout.queries';
import { sameContent } from './previous-order';
import { AddressFields, FieldError, TextField, addressFromUser, isAddressComplete, toCheckoutAddress, type AddressValues } from './fields';
import { problemsOf, sortProblems, type SortedProblems } from './problems';
import { shopRuleChecks } from './rules';
import { useTexts } from '../texts';

export interface CheckoutValues {
  phone: string;
  deliveryAddress: AddressValues;
  sameBilling: boolean;
  billingAddress: AddressValues;
  /** 'd:<type>:<ref>' delivery type, 'c:<id>' collection point, '' none */
  shipping: string;
  instructions: string;
  paymentMethod: CheckoutPaymentMethod | '';
  acceptTerms: boolean;
  split: boolean;
  paymentGroups: Array<{ email: string; amount: string }>;
}

export type LineProblems = Pick<SortedProblems, 'lines' | 'reservations'>;

export interface CheckoutSectionProps {
  order: CartOrder;
  priced: SellerPriceResult;
  /** problems the server found on product lines / reservations (shown on the line itself) */
  onLineProblems(p: LineProblems): void;
  /** payment done (or nothing left to pay now): the page shows the confirmation and the order leaves the cart */
  onConfirmed(sellerId: number, data: ConfirmationData): void;
}

/** The shipping choice of a cart order as the radio value. */
export function shippingValue(order: CartOrder): string {
  const s = order.shipping;
  if (s?.collectionPoint) return `c:${String(s.collectionPoint.id)}`;
  if (s?.type) return `d:${s.type}:${s.ref ?? ''}`;
  return '';
}

/** '12,50' / '12.5' → 1250 cents; invalid → NaN. */
export function parseEuros(value: string): number {
  const v = value.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return Number.NaN;
  return toCents(Number(v));
}

/** The 409 answer's new total (cents), when the api gives it. */
function newTotalOf(body: unknown): number | null {
  const b = (body ?? {}) as Record<string, unknown>;
  const seller = b.price as { totalTTC?: unknown; price?: { totalTTC?: unknown } } | undefined;
  // the api answers { code: 'priceChanged', price: <the seller's price result> }
  for (const v of [seller?.price?.totalTTC, seller?.totalTTC, b.totalTTC, b.newTotalTTC]) {
    if (typeof v === 'number' && Number.isInteger(v)) return v;
  }
  return null;
}

function initialValues(order: CartOrder): CheckoutValues {
  const user = useSession.getState().user;
  const delivery = addressFromUser(user, user?.deliveryAddress);
  const billing = user?.billingAddress ? addressFromUser(user, user.billingAddress) : delivery;
  const sameBilling = !user?.billingAddress || JSON.stringify(billing) === JSON.stringify(delivery);
  return {
    phone: user?.deliveryAddress?.phone ?? user?.billingAddress?.phone ?? '',
    deliveryAddress: delivery,
    sameBilling,
    billingAddress: billing,
    shipping: shippingValue(order),
    instructions: typeof order.shipping?.instructions === 'string' ? order.shipping.instructions : '',
    paymentMethod: '',
    acceptTerms: false,
    split: false,
    paymentGroups: [],
  };
}

const phoneValidator = (v: unknown) => (String(v ?? '').trim() === '' ? CART_MESSAGES.phone : telephone(String(v).trim()));

type Paying = { payment: PaymentResult; ctx: Omit<PendingPayment, 'paymentId'>; grouped: boolean };
type PriceChange = { old: number; next: number; values: CheckoutValues };

export function CheckoutSection({ order, priced, onLineProblems, onConfirmed }: CheckoutSectionProps) {
  const sellerId = order.seller.id;
  const user = useSession((s) => s.user);
  const texts = useTexts();
  const { checkout: T, cart: C, pay: P, colon, lang } = texts;
  const formatCents = texts.fmt.money;
  const optionsQ = useCheckoutOptions(sellerId);
  const options: CheckoutOptions | undefined = optionsQ.data;

  const { control, handleSubmit, setValue, setError, getValues, clearErrors, formState } = useForm<CheckoutValues>({
    defaultValues: initialValues(order),
    mode: 'onTouched',
  });
  const groups = useFieldArray({ control, name: 'paymentGroups' });
  const v = useWatch({ control }) as CheckoutValues;
  // the delivery country prices the delivery type at the rate of its zone (settings section `delivery`)
  const deliveryCountry = v.deliveryAddress?.country || null;
  const priceQ = useServerPrice(order, deliveryCountry);
  const serverResult = priceQ.data?.find((r) => r.sellerId === sellerId) ?? priceQ.data?.[0];
  const serverTotal = priceQ.isPlaceholderData ? null : (serverResult?.price.totalTTC ?? null);

  const keyRef = useRef<string | null>(null);
  const inFlight = useRef(false);
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const [paying, setPaying] = useState<Paying | null>(null);

  const needsDelivery = order.products.length > 0;
  const country = v.deliveryAddress?.country ?? '';
  const types = useMemo(
    () => (options?.deliveryTypes ?? []).filter((t) => t.countries.length === 0 || t.countries.includes(country)),
    [options, country],
  );
  const points = options?.collectionPoints ?? [];
  /** a delivery type's rate where the buyer lives (the zone serving the country) */
  const rateOf = (t: (typeof types)[number]) => deliveryRateFor(t, country) ?? t.price;
  // the shop's packaging (settings section `delivery`); the server's package count when it has answered
  const packaging = packagingOf(options?.packaging);
  const serverPackages = priceQ.isPlaceholderData ? undefined : (serverResult?.price as { nbrPackages?: unknown } | undefined)?.nbrPackages;
  const packages = typeof serverPackages === 'number' ? serverPackages : priced.price.nbrPackages;
  const noDelivery = needsDelivery && !!options && types.length === 0 && points.length === 0;
  const rules = shopRuleChecks(options?.rules, order, priced);
  const selected = shippingValue(order);

  // the cart store is the source of the delivery choice (the totals follow it)
  useEffect(() => {
    setValue('shipping', selected);
  }, [selected, setValue]);
  // a delivery type that does not serve the new country is dropped; one that does takes the rate of its zone there
  useEffect(() => {
    if (!options || !order.shipping?.type) return;
    const still = types.find((t) => t.type === order.shipping?.type && String(t.ref) === String(order.shipping?.ref ?? ''));
    if (!still) useCart.getState().resetDelivery(sellerId);
    else {
      const rate = deliveryRateFor(still, country) ?? still.price;
      if (order.shipping.price !== rate)
        useCart
          .getState()
          .setDeliveryType(sellerId, { type: still.type, ref: still.ref, name: still.name, price: rate, franco: still.franco });
    }
  }, [options, types, order.shipping?.type, order.shipping?.ref, order.shipping?.price, country, sellerId]);
  // A shop that cannot be paid online (no payment account of its own, the platform's not allowed: stripeIsActive false)
  // is not offered card, SEPA or imprint; the buyer reads why. PayPal is offered when the shop has saved its PayPal keys.
  const paymentOptions = usePaymentOptions(sellerId);
  const cardOff = paymentOptions.data?.stripeIsActive === false;
  const paypalOn = paymentOptions.data?.paypalIsActive === true;
  const methods = useMemo(
    () => [
      ...(options?.paymentMethods ?? []).filter((m) => m !== 'paypal' && (!cardOff || !CARD_PAYMENT_METHODS.includes(m))),
      ...(paypalOn ? (['paypal'] as const) : []),
    ],
    [options, cardOff, paypalOn],
  );
  const cardWithdrawn = cardOff && (options?.paymentMethods ?? []).some((m) => CARD_PAYMENT_METHODS.includes(m));
  // a single payment method is preselected; a withdrawn one is dropped
  useEffect(() => {
    const chosen = getValues('paymentMethod');
    if (chosen && options && !methods.includes(chosen)) setValue('paymentMethod', '');
    if (methods.length === 1 && !getValues('paymentMethod')) setValue('paymentMethod', methods[0]);
  }, [options, methods, getValues, setValue]);

  const chooseShipping = (value: string) => {
    if (value.startsWith('c:')) {
      const p = points.find((x) => `c:${x.id}` === value);
      if (p) useCart.getState().setCollectionPoint(sellerId, { id: p.id, name: p.name, price: p.price, address: p.address });
    } else {
      const t = types.find((x) => `d:${x.type}:${x.ref}` === value);
      if (t)
        useCart.getState().setDeliveryType(sellerId, {
          type: t.type,
          ref: t.ref,
          name: t.name,
          price: deliveryRateFor(t, country) ?? t.price,
          franco: t.franco,
        });
    }
    setValue('shipping', value, { shouldValidate: true });
  };

  const startSplit = (on: boolean) => {
    setValue('split', on);
    if (on && groups.fields.length === 0 && serverTotal != null) {
      const [a, b] = allocateCents(serverTotal, 2);
      groups.replace([
        { email: user?.email ?? '', amount: texts.fmt.eurosInput(a) },
        { email: '', amount: texts.fmt.eurosInput(b) },
      ]);
    }
    if (!on) clearErrors('paymentGroups');
  };
  const groupsSum = (v.paymentGroups ?? []).reduce(
    (n, g) => n + (Number.isNaN(parseEuros(g?.amount ?? '')) ? 0 : parseEuros(g?.amount ?? '')),
    0,
  );

  const missing =
    !v.phone?.trim() ||
    !isAddressComplete(v.deliveryAddress) ||
    (!v.sameBilling && !isAddressComplete(v.billingAddress)) ||
    (needsDelivery && !v.shipping) ||
    !v.paymentMethod ||
    !v.acceptTerms ||
    (v.split && (v.paymentGroups ?? []).some((g) => !g?.email?.trim() || !g?.amount?.trim()));

  const showProblems = (sorted: SortedProblems) => {
    for (const f of sorted.fields) {
      if (
        f.field === 'instructions' ||
        f.field === 'acceptTerms' ||
        f.field === 'paymentMethod' ||
        f.field === 'shipping' ||
        f.field === 'paymentGroups' ||
        f.field === 'phone'
      ) {
        setError(f.field, { type: 'server', message: f.message }, { shouldFocus: true });
      } else if (f.field.startsWith('billingAddress') && getValues('sameBilling')) {
        setError(f.field.replace('billingAddress', 'deliveryAddress') as never, { type: 'server', message: f.message });
      } else setError(f.field as never, { type: 'server', message: f.message }, { shouldFocus: true });
    }
    onLineProblems({ lines: sorted.lines, reservations: sorted.reservations });
    setGeneral(sorted.general);
  };

  // problems found when pricing (a product no longer available, stock…) show on the lines right away
  useEffect(() => {
    if (priceQ.error instanceof ApiError && priceQ.error.status === 400) {
      const sorted = sortProblems(problemsOf(priceQ.error));
      onLineProblems({ lines: sorted.lines, reservations: sorted.reservations });
      setGeneral(sorted.general.concat(sorted.fields.map((f) => f.message)));
    }
  }, [priceQ.error]); // eslint-disable-line react-hooks/exhaustive-deps

  const place = async (values: CheckoutValues, expected: number) => {
    if (inFlight.current) return; // a double click never sends twice
    inFlight.current = true;
    setPlacing(true);
    setFailure(null);
    setGeneral([]);
    onLineProblems({ lines: {}, reservations: {} });
    // one key per attempt: reused when the previous try got no definitive answer (network, 5xx)
    const newAttempt = keyRef.current === null;
    keyRef.current ??= newIdempotencyKey();
    let current = useCart.getState().orders.find((o) => o.seller.id === sellerId) ?? order;
    if (newAttempt && typeof current.id === 'number') {
      // an order placed earlier for this cart (payment left unfinished): paid for this same content → confirmed;
      // still pending → aborted, so that it does not keep the stock, before the new order is placed
      const previous = await checkoutApi.order(current.id).catch(() => null);
      const settled = previous && (previous.paymentStatus === 'paid' || previous.status === 'validated');
      if (previous && settled && sameContent(previous, current)) {
        inFlight.current = false;
        setPlacing(false);
        keyRef.current = null;
        onConfirmed(sellerId, {
          kind: 'order',
          orderNumber: previous.number,
          amount: previous.totalTTC,
          shopName: previous.shop.name,
          shopPath: `/${previous.shop.urlShop}`,
        });
        return;
      }
      if (previous && (previous.status === 'pending' || previous.status === 'draft'))
        await checkoutApi.abort(previous.id).catch(() => undefined);
      const { id: _old, ...rest } = current;
      current = rest;
    }
    const instructions = values.instructions.trim() || null;
    const input = toOrderInput({ ...current, shipping: current.shipping ? { ...current.shipping, instructions } : current.shipping });
    const s = current.shipping;
    const body: PlaceOrderRequest = {
      order: input,
      deliveryAddress: toCheckoutAddress(values.deliveryAddress),
      billingAddress: values.sameBilling ? null : toCheckoutAddress(values.billingAddress),
      phone: values.phone.trim(),
      shipping: {
        type: s?.collectionPoint ? null : (s?.type ?? null),
        ref: s?.collectionPoint || s?.ref == null ? null : String(s.ref),
        collectionPointId: s?.collectionPoint ? Number(s.collectionPoint.id) : null,
        instructions,
      },
      paymentMethod: values.paymentMethod || null,
      acceptTerms: values.acceptTerms,
      expectedTotalTTC: expected,
      ...(values.split
        ? { paymentGroups: values.paymentGroups.map((g) => ({ email: g.email.trim(), amount: parseEuros(g.amount) })) }
        : {}),
    };
    try {
      const res = await checkoutApi.place(body, keyRef.current);
      keyRef.current = null;
      setCartOrderId(sellerId, res.order.id);
      const ctx: Omit<PendingPayment, 'paymentId'> = {
        kind: 'order',
        orderId: res.order.id,
        orderNumber: res.order.number,
        sellerId,
        shopName: res.order.shop?.name ?? sellerName(order, texts),
        shopPath: res.order.shop?.urlShop ? `/${res.order.shop.urlShop}` : shopPathOf(order),
        amount: res.order.totalTTC,
      };
      if (!res.payment) onConfirmed(sellerId, { ...ctx, kind: 'order', grouped: values.split });
      else setPaying({ payment: res.payment, ctx, grouped: values.split });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500) {
        // no definitive answer: the order may exist; the retry sends the same Idempotency-Key
        setFailure(err instanceof ApiError && err.status === 0 ? T.networkError : T.serverError);
        return;
      }
      keyRef.current = null; // the server refused: nothing was created, the next attempt is a new one
      const b = err.body as { code?: string } | undefined;
      if (err.status === 409 && b?.code === 'priceChanged') {
        let next = newTotalOf(err.body);
        if (next != null) void priceQ.refetch();
        else {
          const r = await priceQ.refetch();
          next = r.data?.find((x) => x.sellerId === sellerId)?.price.totalTTC ?? r.data?.[0]?.price.totalTTC ?? null;
        }
        if (next != null) setPriceChange({ old: expected, next, values });
        else setFailure(CART_MESSAGES.priceChanged);
        return;
      }
      const problems = problemsOf(err);
      showProblems(sortProblems(problems));
      notify.error(problems[0]?.message || err.message);
    } finally {
      inFlight.current = false;
      setPlacing(false);
    }
  };

  const validateAndPlace = handleSubmit(async (values) => {
    if (serverTotal == null) return;
    if (values.split && groupsSum !== serverTotal) {
      setError('paymentGroups', { type: 'sum', message: CART_MESSAGES.paymentGroupsTotal });
      return;
    }
    await place(values, serverTotal);
  });
  // the sum error is not tied to an input: cleared before each submit, checked again inside
  const onSubmit = (e?: React.BaseSyntheticEvent) => {
    clearErrors('paymentGroups');
    return validateAndPlace(e);
  };

  if (paying) {
    const { payment, ctx, grouped } = paying;
    return (
      <section className="wz-co" aria-label={T.stepPayment} data-testid="checkout-payment">
        <h3 className="wz-co__title">{T.stepPayment}</h3>
        <p>
          {ctx.orderNumber && (
            <>
              {P.orderNumber} <strong>{ctx.orderNumber}</strong> ·{' '}
            </>
          )}
          {grouped ? T.yourShare : T.serverTotal}
          {colon}
          <strong data-testid="amount-to-pay">{formatCents(payment.amount || ctx.amount)}</strong>
        </p>
        <PaymentStep
          payment={payment}
          context={ctx}
          pay={(req) => checkoutApi.pay(payment.id, req)}
          onSuccess={(p) => {
            clearPending(p.id);
            onConfirmed(sellerId, {
              kind: 'order',
              orderNumber: ctx.orderNumber,
              amount: ctx.amount,
              shopName: ctx.shopName,
              shopPath: ctx.shopPath,
              instructions: p.provider === 'offline' ? p.instructions : null,
              grouped,
            });
          }}
        />
      </section>
    );
  }

  const contactDone = !!v.phone?.trim() && isAddressComplete(v.deliveryAddress) && (v.sameBilling || isAddressComplete(v.billingAddress));
  const deliveryDone = !needsDelivery || !!v.shipping;
  const current = !contactDone ? 0 : !deliveryDone ? 1 : 2;

  return (
    <section className="wz-co" aria-label={`${T.title} — ${sellerName(order, texts)}`} data-testid="checkout-section">
      <h3 className="wz-co__title">{T.title}</h3>
      <Steps
        size="small"
        responsive={false}
        titlePlacement="vertical"
        current={current}
        className="wz-co__steps"
        items={[{ title: T.stepContact }, { title: T.stepDelivery }, { title: T.stepPayment }]}
      />
      {rules.length > 0 && (
        <div className="wz-co-rules" data-testid="shop-rules">
          <p className="wz-co-rules__title">{T.rulesTitle}</p>
          <ul>
            {rules.map((r) => (
              <li key={r.key} className={r.ok ? 'wz-co-rule--ok' : 'wz-co-rule--ko'} data-ok={r.ok}>
                {r.ok ? '✓ ' : '✗ '}
                {r.text}
              </li>
            ))}
          </ul>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="wz-co__form">
        <fieldset className="wz-co-step">
          <legend>
            <span className="wz-co-step__n">1</span> {T.stepContact}
          </legend>
          <TextField
            control={control}
            name="phone"
            label={T.phone}
            validate={phoneValidator}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={30}
          />
          <AddressFields control={control} prefix="deliveryAddress" legend={T.deliveryAddress} />
          <Controller
            name="sameBilling"
            control={control}
            render={({ field }) => (
              <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)}>
                {T.sameBilling}
              </Checkbox>
            )}
          />
          {!v.sameBilling && <AddressFields control={control} prefix="billingAddress" legend={T.billingAddress} />}
        </fieldset>

        <fieldset className="wz-co-step">
          <legend>
            <span className="wz-co-step__n">2</span> {T.stepDelivery}
          </legend>
          {!needsDelivery && <p>{T.noDeliveryNeeded}</p>}
          {needsDelivery && optionsQ.isPending && <Skeleton active paragraph={{ rows: 2 }} title={false} />}
          {optionsQ.isError && (
            <Alert
              type="error"
              showIcon
              title={T.optionsError}
              action={
                <Button size="small" onClick={() => void optionsQ.refetch()}>
                  {T.retry}
                </Button>
              }
            />
          )}
          {noDelivery && <Alert type="warning" showIcon title={CART_MESSAGES.noDeliveryMethod} data-testid="no-delivery" />}
          {needsDelivery && options && !noDelivery && (
            <Controller
              name="shipping"
              control={control}
              rules={{ validate: (x) => (!needsDelivery || x ? true : CART_MESSAGES.deliveryMethod) }}
              render={({ fieldState }) => (
                <div className="wz-co-field" role="radiogroup" aria-label={T.deliveryMethod}>
                  <span className="wz-co-label">
                    {T.deliveryMethod}
                    <span aria-hidden className="wz-co-required">
                      {' '}
                      *
                    </span>
                  </span>
                  <Radio.Group
                    value={selected || undefined}
                    onChange={(e) => chooseShipping(String(e.target.value))}
                    className="wz-co-choices"
                  >
                    {types.map((t) => (
                      <Radio key={`d:${t.type}:${t.ref}`} value={`d:${t.type}:${t.ref}`}>
                        <span className="wz-co-choice__name">{t.name}</span> —{' '}
                        {rateOf(t) > 0 ? `${formatCents(toCents(rateOf(t)))} ${C.ht}` : T.free}
                        {t.franco?.quantity ? ` · ${T.francoFrom} ${t.franco.quantity} ${T.bottles}` : ''}
                        {t.franco?.amount ? ` · ${T.francoFrom} ${formatCents(toCents(t.franco.amount))}` : ''}
                      </Radio>
                    ))}
                    {points.map((p) => (
                      <Radio key={`c:${p.id}`} value={`c:${p.id}`}>
                        <span className="wz-co-choice__name">
                          {T.collectionPoint}
                          {colon}
                          {p.name}
                        </span>{' '}
                        — {p.price > 0 ? formatCents(toCents(p.price)) : T.free}
                        <span className="wz-co-choice__meta">{p.address}</span>
                      </Radio>
                    ))}
                  </Radio.Group>
                  <FieldError error={fieldState.error} />
                </div>
              )}
            />
          )}
          {needsDelivery && order.shipping?.type && (
            <p className="wz-co-meta" data-testid="packages">
              {T.packages}
              {colon}
              <strong>{packages}</strong>{' '}
              {packages > 1 ? T.extraPackage(packaging.bottlesPerPackage, formatCents(toCents(packaging.extraPackagePrice))) : ''}
              {priced.franco
                ? ` · ${T.francoReached}`
                : priced.amountBeforeFranco
                  ? ` · ${T.francoLeft(formatCents(priced.amountBeforeFranco))}`
                  : priced.amountBeforeBottleFranco
                    ? ` · ${T.francoBottlesLeft(priced.amountBeforeBottleFranco)}`
                    : ''}
            </p>
          )}
          {needsDelivery && (
            <TextField
              control={control}
              name="instructions"
              label={T.instructions}
              textarea
              maxLength={1000}
              placeholder={T.instructionsPlaceholder}
            />
          )}
        </fieldset>

        <fieldset className="wz-co-step">
          <legend>
            <span className="wz-co-step__n">3</span> {T.stepPayment}
          </legend>
          {cardWithdrawn && <Alert type="info" showIcon title={T.cardNotOffered} data-testid="card-not-offered" />}
          {options && methods.length === 0 && <Alert type="warning" showIcon title={T.noPaymentMethod} />}
          {methods.length > 0 && (
            <Controller
              name="paymentMethod"
              control={control}
              rules={{ validate: (x) => (x ? true : CART_MESSAGES.paymentMethod) }}
              render={({ field, fieldState }) => (
                <div className="wz-co-field" role="radiogroup" aria-label={T.paymentMethod}>
                  <span className="wz-co-label">
                    {T.paymentMethod}
                    <span aria-hidden className="wz-co-required">
                      {' '}
                      *
                    </span>
                  </span>
                  <Radio.Group value={field.value || undefined} onChange={(e) => field.onChange(e.target.value)} className="wz-co-choices">
                    {methods.map((m) => (
                      <Radio key={m} value={m}>
                        {CHECKOUT_PAYMENT_LABELS[m][lang]}
                      </Radio>
                    ))}
                  </Radio.Group>
                  <FieldError error={fieldState.error} />
                </div>
              )}
            />
          )}

          {options?.groupedOrders && (
            <div className="wz-co-split">
              <Checkbox checked={!!v.split} onChange={(e) => startSplit(e.target.checked)} disabled={serverTotal == null}>
                {T.split}
              </Checkbox>
              {v.split && (
                <div className="wz-co-split__list" data-testid="payment-groups">
                  <p className="wz-co-meta">{T.splitHelp}</p>
                  {groups.fields.map((g, i) => (
                    <div key={g.id} className="wz-co-split__row">
                      <TextField
                        control={control}
                        name={`paymentGroups.${i}.email`}
                        label={`${T.payerEmail} ${i + 1}`}
                        validate={email}
                        type="email"
                        inputMode="email"
                        autoComplete="email"
                        required
                      />
                      <TextField
                        control={control}
                        name={`paymentGroups.${i}.amount`}
                        label={T.payerAmount}
                        inputMode="decimal"
                        required
                        validate={(x) => (parseEuros(String(x ?? '')) > 0 ? true : MESSAGES.number)}
                      />
                      <Button
                        aria-label={`${T.removePayer} ${i + 1}`}
                        icon={<DeleteOutlined aria-hidden />}
                        onClick={() => groups.remove(i)}
                        disabled={groups.fields.length <= 2}
                      />
                    </div>
                  ))}
                  <Button
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => groups.append({ email: '', amount: '' })}
                    disabled={groups.fields.length >= 20}
                  >
                    {T.addPayer}
                  </Button>
                  <p className="wz-co-meta">
                    {T.payersSum}
                    {colon}
                    <strong>{formatCents(groupsSum)}</strong>
                    {serverTotal != null && ` / ${formatCents(serverTotal)}`}
                  </p>
                  {formState.errors.paymentGroups?.message && (
                    <span role="alert" className="wz-co-error">
                      {formState.errors.paymentGroups.message}
                    </span>
                  )}
                </div>
              )}
            </div>
          )}

          <Controller
            name="acceptTerms"
            control={control}
            rules={{ validate: (x) => termsValidator(x) }}
            render={({ field, fieldState }) => (
              <div className="wz-co-field">
                <div className="wz-co-terms">
                  <Checkbox
                    checked={!!field.value}
                    onChange={(e) => {
                      field.onChange(e.target.checked);
                      field.onBlur(); // a click is a visit: the message shows as soon as it is unticked
                    }}
                    onBlur={field.onBlur}
                    aria-required
                  >
                    {options?.terms ? T.acceptTerms : T.acceptTermsNoText}
                    <span aria-hidden className="wz-co-required">
                      {' '}
                      *
                    </span>
                  </Checkbox>
                  {options?.terms && (
                    <Button color="primary" variant="link" size="small" onClick={() => setTermsOpen(true)}>
                      {T.readTerms}
                    </Button>
                  )}
                </div>
                <FieldError error={fieldState.error} />
              </div>
            )}
          />
        </fieldset>

        <div className="wz-co-summary">
          <div className="wz-co-summary__total">
            <span>{T.serverTotal}</span>
            <strong data-testid="server-total">
              {serverTotal != null ? formatCents(serverTotal) : priceQ.isFetching ? T.pricing : '—'}
            </strong>
          </div>
          {serverTotal != null && <p className="wz-co-meta wz-co-summary__hint">{T.serverTotalHint}</p>}
          {priceQ.isError && !(priceQ.error instanceof ApiError && priceQ.error.status === 400) && (
            <Alert
              type="error"
              showIcon
              title={T.priceError}
              action={
                <Button size="small" onClick={() => void priceQ.refetch()}>
                  {T.retry}
                </Button>
              }
            />
          )}
          {general.length > 0 && (
            <Alert
              type="error"
              showIcon
              data-testid="order-problems"
              title={T.cartProblems}
              description={
                <ul className="wz-co-problems">
                  {general.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              }
            />
          )}
          {failure && <Alert type="error" showIcon title={failure} role="alert" data-testid="place-failure" />}
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={placing}
            disabled={missing || serverTotal == null || placing || noDelivery}
          >
            {placing ? T.submitting : failure ? T.retry : T.submit}
          </Button>
          <p className="wz-co-meta wz-co-summary__hint">{T.requiredHint}</p>
        </div>
      </form>

      <Modal
        open={termsOpen}
        title={T.termsTitle}
        onCancel={() => setTermsOpen(false)}
        footer={<Button onClick={() => setTermsOpen(false)}>{T.close}</Button>}
      >
        <div className="wz-co-terms-text">{options?.terms}</div>
      </Modal>
      <Modal
        open={!!priceChange}
        title={T.priceChangedTitle}
        onCancel={() => setPriceChange(null)}
        okText={T.confirmNewTotal}
        cancelText={T.cancel}
        onOk={() => {
          const pc = priceChange;
          setPriceChange(null);
          if (pc) void place(pc.values, pc.next);
        }}
      >
        <p>{CART_MESSAGES.priceChanged}</p>
        {priceChange && (
          <dl className="wz-cart-totals" data-testid="price-change">
            <dt>{T.oldTotal}</dt>
            <dd>
              <s>{formatCents(priceChange.old)}</s>
            </dd>
            <dt className="wz-cart-totals__main">{T.newTotal}</dt>
            <dd className="wz-cart-totals__main" data-testid="new-total">
              {formatCents(priceChange.next)}
            </dd>
          </dl>
        )}
      </Modal>
    </section>
  );
}
