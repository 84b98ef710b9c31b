import { useId, useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import type { PosClosing, PosPaymentMethod, PosSession, SalesPoint } from 'shared-kernel/contracts';
import { formatCents, fromCents, toCents } from 'shared-kernel/domain';
import { errorMessage } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { NumberInput } from 'shared-kernel/ui';
import { orderMethods } from './PaymentsEditor';
import { useCloseSession } from './pos.queries';
import { useTexts } from './texts';

/** The methods a till counts at closing: the salespoint's, cash first (tips are part of the cash drawer too). */
export const countedMethods = (methods: readonly PosPaymentMethod[]) => orderMethods(methods);

/**
 * « Clôturer la journée »: the amount counted for each accepted method (cash first), POST /pos/sessions/:id/close
 * { counted } in cents, then the Z report. Refused while offline tickets wait: the Z would miss them.
 */
export function CloseDayDialog({
  open,
  salesPoint,
  session,
  pending,
  onClose,
  onClosed,
}: {
  open: boolean;
  salesPoint: SalesPoint;
  session: PosSession;
  /** offline tickets not sent yet */
  pending: number;
  onClose: () => void;
  onClosed: (closing: PosClosing) => void;
}) {
  const t = useTexts();
  const id = useId();
  const close = useCloseSession();
  const methods = countedMethods(salesPoint.methods);
  const [counted, setCounted] = useState<Partial<Record<PosPaymentMethod, number>>>({});

  const submit = () => {
    if (pending > 0 || close.isPending) return;
    const body = Object.fromEntries(methods.map((m) => [m, counted[m] ?? 0])) as Partial<Record<PosPaymentMethod, number>>;
    close.mutate(
      { sessionId: session.id, counted: body },
      {
        onSuccess: (closing) => {
          notify.success(t.close.done(closing.ref));
          onClosed(closing);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t.close.title}
      onCancel={close.isPending ? undefined : onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <form
        noValidate
        className="wz-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p>{t.close.intro}</p>
        <p className="wz-till-help">{t.close.float(formatCents(session.float))}</p>
        {methods.map((m, i) => (
          <div key={m} className="wz-form__row">
            <label htmlFor={`${id}-${m}`}>{t.close.counted(t.methods[m])}</label>
            <NumberInput
              id={`${id}-${m}`}
              size="large"
              min={0}
              precision={2}
              value={counted[m] === undefined ? null : fromCents(counted[m]!)}
              onChange={(v) => setCounted({ ...counted, [m]: typeof v === 'number' ? toCents(v) : undefined })}
              style={{ width: '100%' }}
              autoFocus={i === 0}
            />
          </div>
        ))}
        {pending > 0 && <Alert type="warning" showIcon role="alert" title={t.queue.pending(pending)} description={t.close.pendingBlocks} />}
        {close.isError && (
          <Alert type="error" showIcon role="alert" title={errorMessage(close.error, t.close.failed)} style={{ marginTop: 12 }} />
        )}
        <div className="wz-dialog-actions">
          <Button size="large" onClick={onClose} disabled={close.isPending}>
            {t.close.cancel}
          </Button>
          <Button size="large" type="primary" danger htmlType="submit" disabled={pending > 0} loading={close.isPending}>
            {t.close.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
