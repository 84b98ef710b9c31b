import { useId, useState } from 'react';
import { Button } from 'antd';
import CloseCircleOutlined from '@ant-design/icons/es/icons/CloseCircleOutlined';
import type { PosPaymentMethod } from 'shared-kernel/contracts';
import { formatCents, fromCents, toCents } from 'shared-kernel/domain';
import { NumberInput } from 'shared-kernel/ui';
import { useTexts } from './texts';

export interface Payment {
  method: PosPaymentMethod;
  amount: number;
}

/** Cash first, then the salespoint's order. */
export const orderMethods = (methods: readonly PosPaymentMethod[]) =>
  [...methods].sort((a, b) => (a === 'cash' ? -1 : b === 'cash' ? 1 : 0));

/** Adds `amount` cents to the payment of `method` (one line per method). */
export function addPayment(payments: Payment[], method: PosPaymentMethod, amount: number): Payment[] {
  if (amount <= 0) return payments;
  const existing = payments.find((p) => p.method === method);
  if (existing) return payments.map((p) => (p === existing ? { ...p, amount: p.amount + amount } : p));
  return [...payments, { method, amount }];
}

/**
 * The methods of a payment (or a refund) as big buttons: each takes the amount typed, or everything left to pay;
 * split payments add up line by line (« 20,00 € » then « Carte bancaire », then « Reste en espèces »). Amounts are
 * positive here, whatever the ticket's sign.
 */
export function PaymentsEditor({
  total,
  methods,
  payments,
  onChange,
  disabled,
}: {
  total: number;
  methods: readonly PosPaymentMethod[];
  payments: Payment[];
  onChange: (payments: Payment[]) => void;
  disabled?: boolean;
}) {
  const t = useTexts();
  const id = useId();
  const [typed, setTyped] = useState<number | null>(null);
  const paid = payments.reduce((n, p) => n + p.amount, 0);
  const remaining = total - paid;
  const ordered = orderMethods(methods);

  const take = (method: PosPaymentMethod, all = false) => {
    if (remaining <= 0) return;
    const wanted = all || typed === null ? remaining : Math.min(toCents(typed), remaining);
    onChange(addPayment(payments, method, wanted));
    setTyped(null);
  };

  return (
    <div className="wz-payments">
      <div className="wz-payments__amount">
        <label htmlFor={`${id}-amount`}>{t.pay.amount}</label>
        <NumberInput
          id={`${id}-amount`}
          size="large"
          min={0}
          precision={2}
          value={typed}
          placeholder={String(fromCents(Math.max(0, remaining))).replace('.', ',')}
          onChange={(v) => setTyped(typeof v === 'number' ? v : null)}
          disabled={disabled || remaining <= 0}
          style={{ width: '100%' }}
        />
      </div>
      <div role="group" aria-label={t.pay.methods} className="wz-methods">
        {ordered.map((m) => (
          <Button key={m} size="large" className="wz-method" disabled={disabled || remaining <= 0} onClick={() => take(m)}>
            {t.methods[m]}
          </Button>
        ))}
        {methods.includes('cash') && payments.length > 0 && remaining > 0 && (
          <Button size="large" type="primary" ghost className="wz-method" disabled={disabled} onClick={() => take('cash', true)}>
            {t.pay.restInCash}
          </Button>
        )}
      </div>
      <div className="wz-payments__list" aria-live="polite">
        <h3 className="wz-till-h3">{t.pay.payments}</h3>
        {payments.length === 0 ? (
          <p className="wz-till-help">{t.pay.noPayment}</p>
        ) : (
          <ul>
            {payments.map((p) => (
              <li key={p.method}>
                <span>{t.methods[p.method]}</span>
                <strong>{formatCents(p.amount)}</strong>
                <Button
                  type="text"
                  aria-label={t.pay.removePayment(t.methods[p.method])}
                  icon={<CloseCircleOutlined aria-hidden />}
                  disabled={disabled}
                  onClick={() => onChange(payments.filter((x) => x !== p))}
                />
              </li>
            ))}
          </ul>
        )}
        <p className="wz-payments__remaining" data-testid="remaining">
          <span>{t.pay.remaining}</span> <strong>{formatCents(remaining)}</strong>
        </p>
      </div>
    </div>
  );
}
