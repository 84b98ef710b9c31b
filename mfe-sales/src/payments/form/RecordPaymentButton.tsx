// « Enregistrer un règlement » where money is owed: on an invoice (its drawer) and on an order (its payments). It opens
// the payment drawer (./PaymentForm.tsx) prefilled with the client, what is still due and the invoices it settles;
// after saving, the invoice and the order show the payment and what is left (useRecordPayment refreshes them).
// Offered to who may record payments (the rights table's recordPayment: owner, iam with billOrder or seeAllPayment).
import { Button } from 'antd';
import { maySalesAct } from 'shared-kernel/domain';
import { EditDrawer, useEditDrawer } from 'shared-kernel/kit';
import { useSalesActor } from '../../orders/detail/sales-actor';
import { useTexts } from '../texts';
import type { PaymentPrefill } from './payment.schema';
import { PaymentForm } from './PaymentForm';

/** Whether the viewer may record a payment (POST /sales/payments). */
export function useMayRecordPayment(): boolean {
  return maySalesAct(useSalesActor(), 'recordPayment');
}

export function RecordPaymentButton({ prefill, primary }: { prefill: PaymentPrefill; primary?: boolean }) {
  const t = useTexts();
  const drawer = useEditDrawer();
  return (
    <>
      <Button type={primary ? 'primary' : 'default'} onClick={() => drawer.open()}>
        {t.list.add}
      </Button>
      <EditDrawer {...drawer.props} title={t.form.title} width={640}>
        <PaymentForm prefill={prefill} onDone={drawer.close} />
      </EditDrawer>
    </>
  );
}
