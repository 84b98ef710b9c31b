import { Spin } from 'antd';
import { CART_MESSAGES } from 'shared-kernel/contracts';
import { useTexts } from '../texts';

/** Spec §2: the order-processing overlay says the page refreshes automatically (it polls the payment). */
export function ProcessingOverlay() {
  const t = useTexts();
  return (
    <div
      className="wz-pay-overlay"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="wz-pay-overlay-text"
      data-testid="processing-overlay"
    >
      <div className="wz-pay-overlay__box">
        <Spin size="large" />
        <p id="wz-pay-overlay-text" role="status" aria-live="polite">
          {CART_MESSAGES.processing}
        </p>
        <p className="wz-pay-note">{t.pay.processingHelp}</p>
      </div>
    </div>
  );
}
