// The end of the checkout form: the server's total (the one the order is placed at), why it cannot be had, the
// problems of the order as a whole, the last attempt's failure and the submit; and the popup asking the buyer to
// confirm a total that changed meanwhile (409 priceChanged).
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Modal } from 'antd';
import { CART_MESSAGES, type CartPriceResponse } from 'shared-kernel/contracts';
import { ApiError } from 'shared-kernel/runtime';
import { useTexts } from '../texts';
import type { PriceChange } from './usePlaceOrder';

export interface OrderSummaryProps {
  serverTotal: number | null;
  price: Pick<UseQueryResult<CartPriceResponse>, 'isFetching' | 'isError' | 'error' | 'refetch'>;
  /** problems of the order as a whole (shop rules, pricing) */
  general: string[];
  failure: string | null;
  placing: boolean;
  /** a required input is empty, the total is not known or nothing can deliver */
  disabled: boolean;
}

export function OrderSummary({ serverTotal, price, general, failure, placing, disabled }: OrderSummaryProps) {
  const texts = useTexts();
  const T = texts.checkout;
  const formatCents = texts.fmt.money;
  return (
    <div className="wz-co-summary">
      <div className="wz-co-summary__total">
        <span>{T.serverTotal}</span>
        <strong data-testid="server-total">{serverTotal != null ? formatCents(serverTotal) : price.isFetching ? T.pricing : '—'}</strong>
      </div>
      {serverTotal != null && <p className="wz-co-meta wz-co-summary__hint">{T.serverTotalHint}</p>}
      {/* a 400 lists its problems on the lines and below */}
      {price.isError && !(price.error instanceof ApiError && price.error.status === 400) && (
        <Alert
          type="error"
          showIcon
          title={T.priceError}
          action={
            <Button size="small" onClick={() => void price.refetch()}>
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
      <Button type="primary" htmlType="submit" size="large" block loading={placing} disabled={disabled || placing}>
        {placing ? T.submitting : failure ? T.retry : T.submit}
      </Button>
      <p className="wz-co-meta wz-co-summary__hint">{T.requiredHint}</p>
    </div>
  );
}

export interface PriceChangeModalProps {
  change: PriceChange | null;
  onConfirm(): void;
  onCancel(): void;
}

export function PriceChangeModal({ change, onConfirm, onCancel }: PriceChangeModalProps) {
  const texts = useTexts();
  const T = texts.checkout;
  const formatCents = texts.fmt.money;
  return (
    <Modal
      open={!!change}
      title={T.priceChangedTitle}
      onCancel={onCancel}
      okText={T.confirmNewTotal}
      cancelText={T.cancel}
      onOk={onConfirm}
    >
      <p>{CART_MESSAGES.priceChanged}</p>
      {change && (
        <dl className="wz-cart-totals" data-testid="price-change">
          <dt>{T.oldTotal}</dt>
          <dd>
            <s>{formatCents(change.old)}</s>
          </dd>
          <dt className="wz-cart-totals__main">{T.newTotal}</dt>
          <dd className="wz-cart-totals__main" data-testid="new-total">
            {formatCents(change.next)}
          </dd>
        </dl>
      )}
    </Modal>
  );
}
