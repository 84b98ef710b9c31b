import { useEffect, useRef } from 'react';
import { Button, Tag } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import type { TicketDetail } from 'shared-kernel/contracts';
import { formatDateTime } from 'shared-kernel/domain';
import { QueryBoundary } from 'shared-kernel/kit';
import { ReplyBox } from './ReplyBox';
import { StatusTag } from './ThreadList';
import { useTicket, useTicketStatus } from './tickets.queries';
import { useTexts } from './texts';

/** The selected thread (right pane): messages oldest first, reply box, close / reopen. */
export function ThreadView({ id, onBack }: { id: number; onBack?: () => void }) {
  const t = useTexts();
  const query = useTicket(id);
  return (
    <QueryBoundary query={query} notFound={{ backTo: '/tickets', backLabel: t.back, title: t.notFound }}>
      {(thread) => <Thread thread={thread} onBack={onBack} />}
    </QueryBoundary>
  );
}

function Thread({ thread, onBack }: { thread: TicketDetail; onBack?: () => void }) {
  const t = useTexts();
  const status = useTicketStatus();
  const end = useRef<HTMLDivElement>(null);
  const other = thread.viewerSide === 'buyer' ? thread.shop.name : thread.buyer.name;
  const canReopen = thread.viewerSide === 'shop' && thread.status === 'closed';

  // the newest message in view when a thread opens or a message arrives
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [thread.id, thread.messages.length]);

  return (
    <article
      aria-labelledby={`ticket-${thread.id}-title`}
      style={{ display: 'flex', flexDirection: 'column', gap: 12, minHeight: 0, height: '100%' }}
    >
      <header style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        {onBack && (
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack}>
            {t.back}
          </Button>
        )}
        <div style={{ flex: 1, minWidth: 180 }}>
          <h2 id={`ticket-${thread.id}-title`} style={{ margin: 0, fontSize: 18 }}>
            {thread.subject}
          </h2>
          <div style={{ color: '#595959', fontSize: 13 }}>
            {other}
            {thread.order && (
              <>
                {' · '}
                <Tag>{t.order(thread.order.number)}</Tag>
              </>
            )}
            <StatusTag status={thread.status} />
          </div>
        </div>
        {thread.status === 'open' ? (
          <Button loading={status.isPending} onClick={() => status.mutate({ id: thread.id, action: 'close' })}>
            {t.close}
          </Button>
        ) : (
          canReopen && (
            <Button loading={status.isPending} onClick={() => status.mutate({ id: thread.id, action: 'reopen' })}>
              {t.reopen}
            </Button>
          )
        )}
      </header>

      <ol
        aria-label={thread.subject}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10, overflowY: 'auto', flex: 1 }}
      >
        {thread.messages.map((m) => {
          const mine = m.side === thread.viewerSide;
          return (
            <li key={m.id} style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
              <div
                style={{
                  maxWidth: 'min(85%, 640px)',
                  padding: '8px 12px',
                  borderRadius: 8,
                  background: mine ? '#f6e8ed' : '#f5f5f5',
                  border: '1px solid #e8e8e8',
                }}
              >
                <div style={{ fontSize: 12, color: '#595959', marginBottom: 4 }}>
                  <strong>{mine ? t.you : (m.author ?? other)}</strong> · <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                </div>
                <p style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.body}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <div ref={end} />

      {thread.status === 'closed' && (
        <p role="note" style={{ margin: 0, color: '#595959' }}>
          {thread.viewerSide === 'buyer' ? t.closedNoticeBuyer : t.closedNotice}
        </p>
      )}
      <ReplyBox threadId={thread.id} />
    </article>
  );
}
