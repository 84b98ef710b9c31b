// Step 2, Livraison: the shop's delivery types serving the delivery country (at the rate of the zone serving it) and
// its collection points, the packages and franco, the delivery instructions. The cart store holds the choice
// (setDeliveryType / setCollectionPoint), so the cart's totals follow it; the form's `shipping` mirrors it.
import { useEffect, useMemo } from 'react';
import { Controller, useFormContext, type UseFormSetValue } from 'react-hook-form';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Radio, Skeleton } from 'antd';
import { CART_MESSAGES, type CheckoutOptions } from 'shared-kernel/contracts';
import { deliveryRateFor, packagingOf, toCents, type CartOrder, type SellerPriceResult } from 'shared-kernel/domain';
import { useCart } from 'shared-kernel/runtime';
import { useTexts } from '../texts';
import { shippingValue, type CheckoutValues } from './checkout.schema';
import { RadioGroupField, TextField } from './fields';

type DeliveryType = CheckoutOptions['deliveryTypes'][number];

/** The delivery choices of the order for the delivery country, kept in step with the cart store. */
export function useDeliveryChoice(
  order: CartOrder,
  options: CheckoutOptions | undefined,
  country: string,
  setValue: UseFormSetValue<CheckoutValues>,
) {
  const sellerId = order.seller.id;
  const needsDelivery = order.products.length > 0;
  const types = useMemo(
    () => (options?.deliveryTypes ?? []).filter((t) => t.countries.length === 0 || t.countries.includes(country)),
    [options, country],
  );
  const points = options?.collectionPoints ?? [];
  /** a delivery type's rate where the buyer lives (the zone serving the country) */
  const rateOf = (t: DeliveryType) => deliveryRateFor(t, country) ?? t.price;
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

  const choose = (value: string) => {
    if (value.startsWith('c:')) {
      const p = points.find((x) => `c:${x.id}` === value);
      if (p) useCart.getState().setCollectionPoint(sellerId, { id: p.id, name: p.name, price: p.price, address: p.address });
    } else {
      const t = types.find((x) => `d:${x.type}:${x.ref}` === value);
      if (t) useCart.getState().setDeliveryType(sellerId, { type: t.type, ref: t.ref, name: t.name, price: rateOf(t), franco: t.franco });
    }
    setValue('shipping', value, { shouldValidate: true });
  };

  return {
    needsDelivery,
    types,
    points,
    rateOf,
    selected,
    choose,
    /** products to ship and nothing serves the address */
    noDelivery: needsDelivery && !!options && types.length === 0 && points.length === 0,
  };
}

export type DeliveryChoice = ReturnType<typeof useDeliveryChoice>;

export interface DeliveryStepProps {
  order: CartOrder;
  priced: SellerPriceResult;
  optionsQuery: Pick<UseQueryResult<CheckoutOptions>, 'data' | 'isPending' | 'isError' | 'refetch'>;
  delivery: DeliveryChoice;
  /** the server's package count when it has answered, else the browser's */
  packages: number;
}

export function DeliveryStep({ order, priced, optionsQuery, delivery, packages }: DeliveryStepProps) {
  const texts = useTexts();
  const { checkout: T, cart: C, colon } = texts;
  const formatCents = texts.fmt.money;
  const { control } = useFormContext<CheckoutValues>();
  const options = optionsQuery.data;
  const { needsDelivery, noDelivery, types, points, rateOf, selected, choose } = delivery;
  // the shop's packaging (settings section `delivery`)
  const packaging = packagingOf(options?.packaging);
  return (
    <fieldset className="wz-co-step">
      <legend>
        <span className="wz-co-step__n">2</span> {T.stepDelivery}
      </legend>
      {!needsDelivery && <p>{T.noDeliveryNeeded}</p>}
      {needsDelivery && optionsQuery.isPending && <Skeleton active paragraph={{ rows: 2 }} title={false} />}
      {optionsQuery.isError && (
        <Alert
          type="error"
          showIcon
          title={T.optionsError}
          action={
            <Button size="small" onClick={() => void optionsQuery.refetch()}>
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
          render={({ fieldState }) => (
            <RadioGroupField label={T.deliveryMethod} error={fieldState.error}>
              <Radio.Group value={selected || undefined} onChange={(e) => choose(String(e.target.value))} className="wz-co-choices">
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
            </RadioGroupField>
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
  );
}
