import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Input } from 'antd';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import FilePdfOutlined from '@ant-design/icons/es/icons/FilePdfOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import type { PosPaymentMethod, PosTicket, SalesPoint } from 'shared-kernel/contracts';
import { formatCents, type PricedTicket } from 'shared-kernel/domain';
import { downloadApiFile, useAction } from 'shared-kernel/kit';
import { api, notify } from 'shared-kernel/runtime';
import { emailSchema } from 'shared-kernel/validation';
import { useSendTicket } from './pos.queries';
import { Receipt, receiptFromQueued, receiptFromTicket } from './Receipt';
import { PrintPortal } from './PrintPortal';
import { useTexts } from './texts';

/** What the till shows once a ticket is made: recorded by the api, or queued on this device while offline. */
export type SaleResult =
  | { kind: 'recorded'; ticket: PosTicket }
  | {
      kind: 'queued';
      number: string;
      at: string;
      priced: PricedTicket;
      payments: Array<{ method: PosPaymentMethod; amount: number }>;
      cashGiven: number | null;
      client: string | null;
    };

function EmailForm({ ticket, initial }: { ticket: PosTicket; initial: string }) {
  const t = useTexts();
  const id = useId();
  const send = useSendTicket();
  const [email, setEmail] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const sending = useAction({
    run: async (to: string) => {
      await send.mutateAsync({ ticketId: ticket.id, email: to });
      return to;
    },
    success: (to) => t.done.sent(to),
    errorFallback: t.genericError,
  });
  return (
    <form
      noValidate
      className="wz-email"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = emailSchema.safeParse(email);
        setInvalid(!parsed.success);
        if (!parsed.success) return;
        void sending.run(parsed.data);
      }}
    >
      <label htmlFor={`${id}-email`}>{t.done.emailLabel}</label>
      <div className="wz-email__row">
        <Input
          id={`${id}-email`}
          type="email"
          size="large"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          autoFocus
        />
        <Button size="large" type="primary" htmlType="submit" loading={sending.pending}>
          {t.done.send}
        </Button>
      </div>
      {invalid && (
        <div id={`${id}-error`} className="wz-field-error">
          {t.done.emailInvalid}
        </div>
      )}
    </form>
  );
}

/**
 * The ticket screen: its ref, the change to give back, « Imprimer » (the 80 mm receipt below), « Ticket PDF »,
 * « Envoyer par e-mail », « Nouvelle vente ». An offline ticket shows its provisional number. A second print of a
 * recorded ticket is a duplicate: it is journaled as a 'reprint' event. Scanning an item here starts the next sale.
 */
export function SaleDone({
  result,
  salesPoint,
  clientEmail,
  onFinish,
}: {
  result: SaleResult;
  salesPoint: SalesPoint;
  clientEmail: string | null;
  /** « Nouvelle vente » (after a sale) or « Retour à la vente » (after a refund: the ticket in progress is kept) */
  onFinish: () => void;
}) {
  const t = useTexts();
  const [emailOpen, setEmailOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const prints = useRef(0);
  const finish = useRef<HTMLButtonElement>(null);
  useEffect(() => finish.current?.focus(), []);

  const ticket = result.kind === 'recorded' ? result.ticket : null;
  const data =
    result.kind === 'recorded'
      ? receiptFromTicket(result.ticket)
      : receiptFromQueued({
          number: result.number,
          at: result.at,
          priced: result.priced,
          payments: result.payments,
          cashGiven: result.cashGiven,
          client: result.client,
        });
  const refund = data.kind === 'refund';

  const print = () => {
    prints.current++;
    if (ticket && prints.current > 1) {
      api
        .post(
          `/pos/salespoints/${salesPoint.id}/events`,
          { kind: 'reprint', detail: `Duplicata du ticket ${ticket.ref}` },
          { silent: true },
        )
        .catch((error: unknown) => console.warn('[till] the reprint could not be journaled', error));
    }
    window.print();
  };

  const pdf = async () => {
    if (!ticket) return;
    setDownloading(true);
    try {
      await downloadApiFile(`/pos/tickets/${ticket.id}/receipt.pdf`, undefined, `${ticket.ref}.pdf`);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : t.genericError);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="wz-done" aria-labelledby="wz-done-title">
      <div className="wz-done__summary">
        <h1 id="wz-done-title" className="wz-till-h1">
          {refund ? t.done.refundTitle : t.done.title}
        </h1>
        {ticket ? (
          <p className="wz-done__ref">{t.done.ref(ticket.ref)}</p>
        ) : (
          <Alert type="warning" showIcon role="status" title={t.done.offline(data.number)} />
        )}
        {!refund && (
          <p className="wz-done__change" data-testid="done-change">
            {data.change > 0 ? t.done.change(formatCents(data.change)) : t.done.noChange}
          </p>
        )}
        <div className="wz-done__actions">
          <Button size="large" icon={<PrinterOutlined aria-hidden />} onClick={print}>
            {t.done.print}
          </Button>
          {ticket && (
            <Button size="large" icon={<FilePdfOutlined aria-hidden />} loading={downloading} onClick={() => void pdf()}>
              {t.done.pdf}
            </Button>
          )}
          {ticket && (
            <Button size="large" icon={<MailOutlined aria-hidden />} aria-expanded={emailOpen} onClick={() => setEmailOpen(!emailOpen)}>
              {t.done.email}
            </Button>
          )}
        </div>
        {ticket && emailOpen && <EmailForm ticket={ticket} initial={(!refund && clientEmail) || ''} />}
        <Button ref={finish} size="large" type="primary" block className="wz-done__new" onClick={onFinish}>
          {refund ? t.done.backToSale : t.done.newSale}
        </Button>
      </div>
      <div className="wz-done__preview">
        <Receipt data={data} salesPoint={salesPoint} />
      </div>
      <PrintPortal>
        <Receipt data={data} salesPoint={salesPoint} />
      </PrintPortal>
    </section>
  );
}
