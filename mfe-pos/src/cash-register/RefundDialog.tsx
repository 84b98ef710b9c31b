import { useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Skeleton } from 'antd';
import MinusOutlined from '@ant-design/icons/es/icons/MinusOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { PosSession, PosTicket, SalesPoint } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { errorMessage } from 'shared-kernel/kit';
import { format, parseISO } from 'date-fns';
import { PaymentsEditor, type Payment } from './PaymentsEditor';
import { useRefund, useSessionTickets } from './pos.queries';
import { newKey, refundableUnits, refundTotal } from './ticket-model';
import { useTexts } from './texts';

const time = (iso: string) => {
  try {
    return format(parseISO(iso), 'HH:mm');
  } catch {
    return '';
  }
};

function TicketChoice({ ticket, onPick }: { ticket: PosTicket; onPick: () => void }) {
  const t = useTexts();
  const left = ticket.lines.reduce((n, _l, i) => n + refundableUnits(ticket, i), 0);
  const label = t.refund.ticket(ticket.ref, formatCents(ticket.totalTTC), time(ticket.at));
  return (
    <li>
      <Button size="large" block className="wz-refund__ticket" disabled={left === 0} onClick={onPick}>
        {ticket.kind === 'refund' ? `${label} · ${t.refund.isRefund}` : label}
      </Button>
    </li>
  );
}

function RefundForm({
  ticket,
  salesPoint,
  onBack,
  onRefunded,
}: {
  ticket: PosTicket;
  salesPoint: SalesPoint;
  onBack: () => void;
  onRefunded: (refund: PosTicket) => void;
}) {
  const t = useTexts();
  const refund = useRefund();
  const [key] = useState(newKey);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [payments, setPayments] = useState<Payment[]>([]);
  const [reason, setReason] = useState('');
  const total = refundTotal(ticket, quantities);
  const paid = payments.reduce((n, p) => n + p.amount, 0);
  const chosen = Object.entries(quantities).filter(([, q]) => q > 0);
  const ready = chosen.length > 0 && total > 0 && paid === total && !refund.isPending;

  const setQuantity = (index: number, q: number) => {
    setQuantities({ ...quantities, [index]: q });
    setPayments([]);
  };

  const submit = () => {
    if (!ready) return;
    refund.mutate(
      {
        ticketId: ticket.id,
        input: {
          key,
          lines: chosen.map(([index, quantity]) => ({ index: Number(index), quantity })),
          // a refund ticket is negative: so are its payments
          payments: payments.map((p) => ({ method: p.method, amount: -p.amount })),
          reason: reason.trim() || null,
        },
      },
      { onSuccess: onRefunded },
    );
  };

  return (
    <div className="wz-refund">
      <Button type="link" onClick={onBack} disabled={refund.isPending} style={{ paddingInline: 0 }}>
        {t.refund.back}
      </Button>
      <h3 className="wz-till-h3">{`${ticket.ref} · ${formatCents(ticket.totalTTC)}`}</h3>
      <h4 className="wz-till-h4">{t.refund.lines}</h4>
      <ul className="wz-refund__lines">
        {ticket.lines.map((line, i) => {
          const left = refundableUnits(ticket, i);
          const q = quantities[i] ?? 0;
          return (
            <li key={i} aria-label={line.label}>
              <div className="wz-line__name">
                <span className="wz-line__label">{line.label}</span>
                <span className="wz-line__sub">{`${line.quantity} × ${formatCents(line.unitPriceTTC)} · ${formatCents(line.totalTTC)} · ${t.refund.left(left)}`}</span>
              </div>
              <div className="wz-line__actions">
                <Button
                  aria-label={`${t.refund.quantity(line.label)} −1`}
                  icon={<MinusOutlined aria-hidden />}
                  disabled={q <= 0}
                  onClick={() => setQuantity(i, q - 1)}
                />
                <output className="wz-line__qty" aria-label={t.refund.quantity(line.label)}>
                  {q}
                </output>
                <Button
                  aria-label={`${t.refund.quantity(line.label)} +1`}
                  icon={<PlusOutlined aria-hidden />}
                  disabled={q >= left}
                  onClick={() => setQuantity(i, q + 1)}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <div className="wz-pay-total" data-testid="refund-total">
        <span>{t.refund.total}</span>
        <strong>{formatCents(total)}</strong>
      </div>
      {total > 0 ? (
        <>
          <h4 className="wz-till-h4">{t.refund.methods}</h4>
          <PaymentsEditor
            total={total}
            methods={salesPoint.methods}
            payments={payments}
            onChange={setPayments}
            disabled={refund.isPending}
          />
        </>
      ) : (
        <p className="wz-till-help">{t.refund.nothing}</p>
      )}
      <label className="wz-till-label" htmlFor="wz-refund-reason">
        {t.refund.reason}
      </label>
      <Input id="wz-refund-reason" value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
      {refund.isError && (
        <Alert type="error" showIcon role="alert" title={errorMessage(refund.error, t.refund.failed)} style={{ marginTop: 12 }} />
      )}
      <div className="wz-dialog-actions">
        <Button size="large" type="primary" danger disabled={!ready} loading={refund.isPending} onClick={submit}>
          {`${t.refund.submit} ${formatCents(total)}`}
        </Button>
      </div>
    </div>
  );
}

/**
 * « Rembourser »: the session's last tickets (GET /pos/salespoints/:id/tickets?pageSize=20&sessionId=…), one picked,
 * its lines and quantities (no more than sold minus already refunded), the refund method(s), then
 * POST /pos/tickets/:id/refund; the refund ticket is handed to `onRefunded`.
 */
export function RefundDialog({
  open,
  salesPoint,
  session,
  onClose,
  onRefunded,
}: {
  open: boolean;
  salesPoint: SalesPoint;
  session: PosSession;
  onClose: () => void;
  onRefunded: (refund: PosTicket) => void;
}) {
  const t = useTexts();
  const tickets = useSessionTickets(salesPoint.id, session.id, open);
  const [picked, setPicked] = useState<PosTicket | null>(null);

  const close = () => {
    setPicked(null);
    onClose();
  };

  let body;
  if (picked) {
    body = (
      <RefundForm
        key={picked.id}
        ticket={picked}
        salesPoint={salesPoint}
        onBack={() => setPicked(null)}
        onRefunded={(r) => {
          setPicked(null);
          onRefunded(r);
        }}
      />
    );
  } else if (tickets.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t.refund.loadError}
        description={errorMessage(tickets.error, t.genericError)}
        action={<Button onClick={() => void tickets.refetch()}>{t.retry}</Button>}
      />
    );
  } else if (!tickets.data) {
    body = (
      <div role="status" aria-busy="true" aria-label={t.loading}>
        <Skeleton active />
      </div>
    );
  } else if (tickets.data.items.length === 0) {
    body = <Empty description={t.refund.none} />;
  } else {
    body = (
      <>
        <p>{t.refund.pick}</p>
        <ul className="wz-refund__tickets">
          {tickets.data.items.map((ticket) => (
            <TicketChoice key={ticket.id} ticket={ticket} onPick={() => setPicked(ticket)} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <Modal open={open} title={t.refund.title} onCancel={close} footer={null} destroyOnHidden width={640}>
      {body}
    </Modal>
  );
}
