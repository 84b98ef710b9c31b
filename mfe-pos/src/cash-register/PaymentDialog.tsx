import { useId, useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import type { PosPaymentMethod } from 'shared-kernel/contracts';
import { changeDue, formatCents, fromCents, paymentProblems, toCents } from 'shared-kernel/domain';
import { errorMessage } from 'shared-kernel/kit';
import { NumberInput } from 'shared-kernel/ui';
import { PaymentsEditor, type Payment } from './PaymentsEditor';
import { useTexts } from './texts';

/** The cash part itself, then round notes above it (5, 10, 20, 50, 100 €). */
export function quickCashAmounts(cash: number): number[] {
  if (cash <= 0) return [];
  const out = [cash];
  for (const step of [500, 1000, 2000, 5000, 10000]) {
    const up = Math.ceil(cash / step) * step;
    if (up > cash && !out.includes(up)) out.push(up);
  }
  return out.slice(0, 5);
}

/**
 * « Encaisser »: the total, the salespoint's methods as big buttons (split payments), the cash handed over with quick
 * amounts and the change due. « Valider le paiement » only once paymentProblems has nothing to say; the ticket is then
 * submitted by the caller (its error, e.g. a 400 of the api, shows here).
 */
export function PaymentDialog({
  open,
  total,
  methods,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  total: number;
  methods: readonly PosPaymentMethod[];
  onCancel: () => void;
  onSubmit: (payment: { payments: Payment[]; cashGiven: number | null }) => Promise<void>;
}) {
  const t = useTexts();
  const id = useId();
  const [payments, setPayments] = useState<Payment[]>([]);
  const [cashGiven, setCashGiven] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cash = payments.filter((p) => p.method === 'cash').reduce((n, p) => n + p.amount, 0);
  const given = cash > 0 && cashGiven !== null ? cashGiven : null;
  const problems = paymentProblems(total, payments, given, formatCents, methods);
  const remaining = total - payments.reduce((n, p) => n + p.amount, 0);
  // the 'payments' problem says what « Reste à payer » already shows
  const shownProblems = problems.filter((p) => p.field !== 'payments' || (payments.length > 0 && remaining === 0));
  const change = changeDue(payments, given);

  const submit = async () => {
    if (problems.length || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit({ payments, cashGiven: given });
    } catch (e) {
      setError(errorMessage(e, t.pay.failed));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t.pay.title}
      onCancel={submitting ? undefined : onCancel}
      mask={{ closable: false }}
      footer={null}
      destroyOnHidden
      width={640}
    >
      <div className="wz-pay-total" data-testid="pay-total">
        <span>{t.pay.total}</span>
        <strong>{formatCents(total)}</strong>
      </div>
      <PaymentsEditor
        total={total}
        methods={methods}
        payments={payments}
        disabled={submitting}
        onChange={(next) => {
          setPayments(next);
          setError(null);
        }}
      />
      {cash > 0 && (
        <div className="wz-cash">
          <label htmlFor={`${id}-given`}>{t.pay.cashGiven}</label>
          <NumberInput
            id={`${id}-given`}
            size="large"
            min={0}
            precision={2}
            value={cashGiven === null ? null : fromCents(cashGiven)}
            onChange={(v) => setCashGiven(typeof v === 'number' ? toCents(v) : null)}
            disabled={submitting}
            style={{ width: '100%' }}
          />
          <div role="group" aria-label={t.pay.quick} className="wz-quick">
            {quickCashAmounts(cash).map((a) => (
              <Button key={a} size="large" aria-pressed={cashGiven === a} onClick={() => setCashGiven(a)} disabled={submitting}>
                {formatCents(a)}
              </Button>
            ))}
          </div>
          <p className="wz-change" aria-live="polite" data-testid="change">
            <span>{t.pay.change}</span> <strong>{formatCents(change)}</strong>
          </p>
        </div>
      )}
      {shownProblems.map((p) => (
        <div key={p.field + p.message} role="alert" className="wz-line__problem">
          {p.message}
        </div>
      ))}
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginTop: 12 }} />}
      <div className="wz-dialog-actions">
        <Button size="large" onClick={onCancel} disabled={submitting}>
          {t.pay.cancel}
        </Button>
        <Button size="large" type="primary" disabled={problems.length > 0} loading={submitting} onClick={() => void submit()}>
          {t.pay.validate}
        </Button>
      </div>
    </Modal>
  );
}
