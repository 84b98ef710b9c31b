import { useEffect, useState } from 'react';
import { Badge, Button, Empty, Input, Result, Segmented, Skeleton, Tag } from 'antd';
import type { TicketListItem, TicketStatus } from 'shared-kernel/contracts';
import { formatDate, formatDateTime } from 'shared-kernel/domain';
import { errorMessage, SEARCH_DEBOUNCE_MS } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { useTickets } from './tickets.queries';
import { useTexts } from './texts';

export function StatusTag({ status }: { status: TicketStatus }) {
  const t = useTexts();
  return (
    <Tag color={status === 'open' ? 'blue' : 'default'} style={{ marginInlineStart: 8 }}>
      {status === 'open' ? t.statusOpen : t.statusClosed}
    </Tag>
  );
}

const PAGE = 20;
const isToday = (iso: string) => new Date(iso).toDateString() === new Date().toDateString();

export interface ThreadListProps {
  /** 'buyer': rows name the shop; 'shop': rows name the buyer */
  side: 'buyer' | 'shop';
  selectedId: number | null;
  /** the URL of a thread (keeps the list's search and filter) */
  hrefOf: (id: number) => string;
  q: string;
  status: TicketStatus | undefined;
  onSearch: (q: string) => void;
  onStatus: (status: TicketStatus | undefined) => void;
}

/** The caller's threads (left pane): search, status filter, unread counts; polled every 30 s. */
export function ThreadList({ side, selectedId, hrefOf, q, status, onSearch, onStatus }: ThreadListProps) {
  const t = useTexts();
  const [pageSize, setPageSize] = useState(PAGE);
  const [text, setText] = useState(q);
  const query = useTickets({ ...(q ? { q } : {}), ...(status ? { status } : {}), pageSize });

  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, onSearch]);

  const page = query.data;
  return (
    <nav aria-label={t.threads} style={{ display: 'flex', flexDirection: 'column', gap: 8, minHeight: 0 }}>
      <Input.Search
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => onSearch(v.trim())}
        placeholder={t.search}
        aria-label={t.search}
      />
      <Segmented
        block
        value={status ?? 'all'}
        onChange={(v) => onStatus(v === 'all' ? undefined : (v as TicketStatus))}
        options={[
          { value: 'all', label: t.all },
          { value: 'open', label: t.open },
          { value: 'closed', label: t.closed },
        ]}
      />
      {query.isError && !page ? (
        <Result
          status="error"
          title={t.loadError}
          subTitle={errorMessage(query.error)}
          extra={
            <Button type="primary" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t.retry}
            </Button>
          }
        />
      ) : !page ? (
        <div role="status" aria-busy="true">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : page.items.length === 0 ? (
        <Empty description={q || status ? t.emptyFiltered : t.empty} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, overflowY: 'auto', flex: 1 }}>
          {page.items.map((thread) => (
            <ThreadRow key={thread.id} thread={thread} side={side} selected={thread.id === selectedId} href={hrefOf(thread.id)} />
          ))}
          {page.total > page.items.length && (
            <li style={{ padding: 8, textAlign: 'center' }}>
              <Button onClick={() => setPageSize((n) => Math.min(n + PAGE, 100))} loading={query.isFetching}>
                {t.more}
              </Button>
            </li>
          )}
        </ul>
      )}
    </nav>
  );
}

function ThreadRow({ thread, side, selected, href }: { thread: TicketListItem; side: 'buyer' | 'shop'; selected: boolean; href: string }) {
  const t = useTexts();
  const name = side === 'buyer' ? thread.shop.name : thread.buyer.name;
  const unread = thread.unread > 0;
  return (
    <li>
      <Link
        to={href}
        aria-current={selected ? 'page' : undefined}
        style={{
          display: 'block',
          padding: '10px 12px',
          borderRadius: 6,
          color: 'inherit',
          background: selected ? '#f6e8ed' : undefined,
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <strong style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</strong>
          <time dateTime={thread.lastMessageAt} style={{ fontSize: 12, color: '#595959' }}>
            {isToday(thread.lastMessageAt) ? formatDateTime(thread.lastMessageAt).slice(11) : formatDate(thread.lastMessageAt)}
          </time>
        </div>
        <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <span style={{ flex: 1, fontWeight: unread ? 600 : 400, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {thread.subject}
          </span>
          {unread && <Badge count={thread.unread} aria-label={t.unread(thread.unread)} title={t.unread(thread.unread)} />}
          <StatusTag status={thread.status} />
        </div>
        <div style={{ fontSize: 13, color: '#595959', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {thread.excerpt}
        </div>
      </Link>
    </li>
  );
}
