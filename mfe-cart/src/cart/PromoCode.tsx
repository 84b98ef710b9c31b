// Issue 18: the promotion code of a seller's order on the cart page. The code is kept on the cart order (§3
// `promotions`) and sent with get-cart-price: the server applies it (or says in French why not, problem on
// `promoCode`), so a seller order with a code shows the server's price (./ServerPrice.tsx).
import { useId, useState } from 'react';
import { Alert, Button, Input } from 'antd';
import type { AppliedPromoCode } from 'shared-kernel/domain';
import { useCart } from 'shared-kernel/runtime';
import { promocode } from 'shared-kernel/validation';
import { useTexts } from '../texts';

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

/** The code's line in an order's totals (`<dl>`): 'Code promo X' or 'Livraison offerte (code X)' and what it took off. */
export function PromoCodeTotal({
  applied,
  testId = 'order-promo-code',
}: {
  applied: AppliedPromoCode | null | undefined;
  testId?: string;
}) {
  const { cart: t, fmt } = useTexts();
  if (!applied || !(applied.amount > 0)) return null;
  return (
    <>
      <dt>{applied.freeShipping ? t.promoFreeShipping(applied.code) : t.promoCodeOf(applied.code)}</dt>
      <dd data-testid={testId}>−{fmt.money(applied.amount)}</dd>
    </>
  );
}
