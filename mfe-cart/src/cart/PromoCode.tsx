// Issue 18: the promotion code of a seller's order on the cart page. The code is kept on the cart order (§3
// `promotions`) and sent with get-cart-price: the server applies it (or says in French why not, problem on
// `promoCode`), so a seller order with a code shows the server's price.
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Input } from 'antd';
import type { CartPriceSellerResult } from 'shared-kernel/contracts';
import type { CartOrder, SellerPriceResult } from 'shared-kernel/domain';
import { useCart } from 'shared-kernel/runtime';
import { promocode } from 'shared-kernel/validation';
import { useServerPrice } from '../checkout/checkout.queries';
import { useTexts } from '../texts';

export interface ServerPriced {
  /** the server's price (undefined while it comes) */
  result: SellerPriceResult | undefined;
  /** the server's reason for refusing the code */
  problem: string | undefined;
  pending: boolean;
}

/**
 * Reads the server's price of a seller order holding a promotion code (the browser's engine does not know codes) and
 * reports it; renders nothing, so the order's own tree (and an open checkout form) stays mounted when a code comes
 * or goes.
 */
export function ServerPriceProbe({
  order,
  onChange,
  onResult,
}: {
  order: CartOrder;
  onChange(priced: ServerPriced | null): void;
  onResult?(sellerId: number, result: SellerPriceResult | null): void;
}) {
  const q = useServerPrice(order);
  const server = q.isPlaceholderData
    ? undefined
    : (q.data?.find((r) => r.sellerId === order.seller.id) as CartPriceSellerResult | undefined);
  const result = server as unknown as SellerPriceResult | undefined;
  const problem = server?.problems.find((p) => p.field === 'promoCode')?.message;
  const pending = q.isFetching;
  const sellerId = order.seller.id;
  useEffect(() => {
    onChange({ result, problem, pending });
    onResult?.(sellerId, result ?? null);
  }, [onChange, onResult, sellerId, result, problem, pending]);
  useEffect(
    () => () => {
      onChange(null);
      onResult?.(sellerId, null);
    },
    [onChange, onResult, sellerId],
  );
  return null;
}

/** 'Code promo' field of a seller order: apply (kept on the order, priced by the server), or the code and 'Retirer'. */
export function PromoCodeField({
  sellerId,
  code,
  problem,
  pending,
}: {
  sellerId: number;
  code: string | null;
  problem?: string;
  pending?: boolean;
}) {
  const { cart: t } = useTexts();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const v = value.trim();
    if (!v) return;
    const valid = promocode(v);
    if (valid !== true) {
      setError(valid);
      return;
    }
    setError(null);
    setValue('');
    useCart.getState().setPromoCode(sellerId, v);
  };
  if (code)
    return (
      <div className="wz-cart-promo" data-testid="promo-code">
        <span>
          {t.promoCodeOf(code)}
          {pending && !problem ? ` · ${t.promoChecking}` : ''}
        </span>{' '}
        <Button size="small" onClick={() => useCart.getState().setPromoCode(sellerId, null)}>
          {t.promoRemove}
        </Button>
        {problem && <Alert type="error" showIcon role="alert" title={problem} style={{ marginTop: 8 }} />}
      </div>
    );
  return (
    <div className="wz-cart-promo" data-testid="promo-code">
      <label htmlFor={id}>{t.promoCode}</label>
      <div style={{ display: 'flex', gap: 8 }}>
        <Input
          id={id}
          value={value}
          maxLength={15}
          autoComplete="off"
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value.toUpperCase())}
          onPressEnter={apply}
        />
        <Button onClick={apply} disabled={!value.trim()}>
          {t.promoApply}
        </Button>
      </div>
      {error && (
        <div id={`${id}-error`} role="alert" style={{ color: '#a8071a' }}>
          {error}
        </div>
      )}
    </div>
  );
}
