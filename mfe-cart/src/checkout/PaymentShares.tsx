// Grouped payment (a shop with groupedOrders): the buyer shares the order between payers, each paying their
// share from the link they receive; the shares must add up to the server's total (checked by the form's schema).
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Button, Checkbox } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { allocateCents } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';
import { useTexts } from '../texts';
import { payersSum, type CheckoutValues } from './checkout.schema';
import { TextField } from './fields';

/** A shop takes at most this many payers for one order. */
const MAX_PAYERS = 20;
/** Sharing means two payers at least. */
const MIN_PAYERS = 2;

export function PaymentShares({ serverTotal }: { serverTotal: number | null }) {
  const texts = useTexts();
  const { checkout: T, colon } = texts;
  const formatCents = texts.fmt.money;
  const user = useSession((s) => s.user);
  const { control, setValue, clearErrors } = useFormContext<CheckoutValues>();
  const groups = useFieldArray({ control, name: 'paymentGroups' });
  const split = useWatch({ control, name: 'split' });
  const payers = useWatch({ control, name: 'paymentGroups' });
  const { errors } = useFormState({ control, name: 'paymentGroups' });
  const sumError = errors.paymentGroups?.root?.message ?? errors.paymentGroups?.message;

  const startSplit = (on: boolean) => {
    setValue('split', on);
    // the buyer first, the total shared in two
    if (on && groups.fields.length === 0 && serverTotal != null) {
      const [a, b] = allocateCents(serverTotal, 2);
      groups.replace([
        { email: user?.email ?? '', amount: texts.fmt.eurosInput(a) },
        { email: '', amount: texts.fmt.eurosInput(b) },
      ]);
    }
    if (!on) clearErrors('paymentGroups');
  };

  return (
    <div className="wz-co-split">
      <Checkbox checked={!!split} onChange={(e) => startSplit(e.target.checked)} disabled={serverTotal == null}>
        {T.split}
      </Checkbox>
      {split && (
        <div className="wz-co-split__list" data-testid="payment-groups">
          <p className="wz-co-meta">{T.splitHelp}</p>
          {groups.fields.map((g, i) => (
            <div key={g.id} className="wz-co-split__row">
              <TextField
                control={control}
                name={`paymentGroups.${i}.email`}
                label={`${T.payerEmail} ${i + 1}`}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
              />
              <TextField control={control} name={`paymentGroups.${i}.amount`} label={T.payerAmount} inputMode="decimal" required />
              <Button
                aria-label={`${T.removePayer} ${i + 1}`}
                icon={<DeleteOutlined aria-hidden />}
                onClick={() => groups.remove(i)}
                disabled={groups.fields.length <= MIN_PAYERS}
              />
            </div>
          ))}
          <Button
            icon={<PlusOutlined aria-hidden />}
            onClick={() => groups.append({ email: '', amount: '' })}
            disabled={groups.fields.length >= MAX_PAYERS}
          >
            {T.addPayer}
          </Button>
          <p className="wz-co-meta">
            {T.payersSum}
            {colon}
            <strong>{formatCents(payersSum(payers))}</strong>
            {serverTotal != null && ` / ${formatCents(serverTotal)}`}
          </p>
          {sumError && (
            <span role="alert" className="wz-co-error">
              {sumError}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
