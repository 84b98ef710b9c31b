import { useState } from 'react';
import { Alert, Button, Empty, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatCents, formatDateTime } from 'shared-kernel/domain';
import type { QueuedTicket, TillQueue } from '../offline';
import { useTexts } from './texts';

type Outcome = { type: 'success' | 'info' | 'error'; text: string } | null;

/**
 * The offline tickets the api refused, kept on this device (never deleted): provisional number, when it was made, its
 * total and the server's message, each with « Réessayer » (queue.retry: queued again and sent at once).
 */
export function RejectedTicketsDialog({
  salesPointId,
  queue,
  rejected,
  onClose,
}: {
  salesPointId: number;
  queue: TillQueue;
  /** the queue's count, so that the list follows it */
  rejected: number;
  onClose: () => void;
}) {
  const t = useTexts();
  const [retrying, setRetrying] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const list = useQuery({
    queryKey: ['pos', 'till-rejected', salesPointId, rejected],
    queryFn: async () => (await queue.pending()).filter((x) => x.status === 'rejected'),
    networkMode: 'always',
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

  const retry = async (ticket: QueuedTicket) => {
    setRetrying(ticket.key);
    setOutcome(null);
    try {
      await queue.retry(ticket.key);
      const after = (await queue.pending()).find((x) => x.key === ticket.key);
      if (!after) setOutcome({ type: 'success', text: t.queue.sent(ticket.number) });
      else if (after.status === 'queued') setOutcome({ type: 'info', text: t.queue.requeued(ticket.number) });
      else
        setOutcome({
          type: 'error',
          text: t.queue.refusedAgain(ticket.number, after.rejection?.message ?? ticket.rejection?.message ?? ''),
        });
    } catch {
      setOutcome({ type: 'error', text: t.queue.retryFailed });
    } finally {
      setRetrying(null);
      void list.refetch();
    }
  };

  const tickets = list.data ?? [];
  return (
    <Modal
      open
      title={t.queue.rejectedTitle}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button size="large" onClick={onClose}>
          {t.queue.close}
        </Button>
      }
    >
      <p className="wz-till-help">{t.queue.rejectedIntro}</p>
      <div aria-live="polite">
        {outcome && (
          <Alert
            className="wz-rejected__outcome"
            type={outcome.type}
            showIcon
            role={outcome.type === 'error' ? 'alert' : 'status'}
            title={outcome.text}
          />
        )}
      </div>
      {list.isPending ? (
        <Spin />
      ) : list.isError ? (
        <Alert type="error" showIcon role="alert" title={t.queue.loadError} />
      ) : tickets.length === 0 ? (
        <Empty description={t.queue.rejectedNone} />
      ) : (
        <ul className="wz-rejected" aria-label={t.queue.rejectedList}>
          {tickets.map((x) => (
            <li key={x.key} className="wz-rejected__item" aria-label={t.queue.ticket(x.number)}>
              <div className="wz-rejected__head">
                <strong>{t.queue.ticket(x.number)}</strong>
                <span data-testid="rejected-total">{formatCents(x.priced.totalTTC)}</span>
              </div>
              <div className="wz-line__sub">{t.queue.madeAt(formatDateTime(x.at))}</div>
              {x.rejection && <div className="wz-line__problem">{t.queue.serverSaid(x.rejection.message)}</div>}
              <Button
                size="large"
                aria-label={t.queue.retryOf(x.number)}
                loading={retrying === x.key}
                disabled={retrying !== null && retrying !== x.key}
                onClick={() => void retry(x)}
              >
                {t.queue.retry}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
