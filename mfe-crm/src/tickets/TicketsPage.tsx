import { useCallback } from 'react';
import { Button, Empty } from 'antd';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import type { TicketStatus } from 'shared-kernel/contracts';
import { EditDrawer, parseId, withQueryScope } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { useLayoutMode, useSession } from 'shared-kernel/runtime';
import { NewTicketForm } from './NewTicketForm';
import { ThreadList } from './ThreadList';
import { ThreadView } from './ThreadView';
import { useTexts } from './texts';

/**
 * /tickets (Messagerie): the caller's threads on the left, the selected one (?thread=<id>) on the right; on phones one
 * pane at a time. A buyer writes to a shop with 'Nouveau message' (?new=1, ?shop=<urlShop> prefills the shop).
 */
export default withQueryScope(function TicketsPage() {
  const t = useTexts();
  const [params, setParams] = useSearchParams();
  const role = useSession((s) => s.user?.role);
  const phone = useLayoutMode() === 'mobile';
  const side = role === 'buyer' ? 'buyer' : 'shop';

  const threadId = parseId(params.get('thread'));
  const q = params.get('q') ?? '';
  const rawStatus = params.get('status');
  const status: TicketStatus | undefined = rawStatus === 'open' || rawStatus === 'closed' ? rawStatus : undefined;
  const shop = params.get('shop');
  const composing = side === 'buyer' && (params.get('new') === '1' || !!shop);

  const update = useCallback(
    (patch: Record<string, string | null>, replace = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  const hrefOf = useCallback(
    (id: number) => {
      const next = new URLSearchParams(params);
      next.set('thread', String(id));
      return `/tickets?${next.toString()}`;
    },
    [params],
  );
  const onSearch = useCallback((value: string) => update({ q: value }, true), [update]);
  const onStatus = useCallback((value: TicketStatus | undefined) => update({ status: value ?? null }), [update]);

  const showList = !phone || threadId === null;
  const showThread = !phone || threadId !== null;

  return (
    <section style={{ display: 'grid', gap: 12, padding: 16, minHeight: 0 }}>
      {side === 'buyer' && (
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => update({ new: '1' })}>
            {t.newThread}
          </Button>
        </div>
      )}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: phone ? '1fr' : 'minmax(260px, 340px) 1fr',
          gap: 16,
          alignItems: 'start',
          minHeight: phone ? undefined : 480,
        }}
      >
        {showList && (
          <ThreadList side={side} selectedId={threadId} hrefOf={hrefOf} q={q} status={status} onSearch={onSearch} onStatus={onStatus} />
        )}
        {showThread && (
          <div style={{ minWidth: 0, borderLeft: phone ? undefined : '1px solid #f0f0f0', paddingLeft: phone ? 0 : 16 }}>
            {threadId !== null ? (
              <ThreadView key={threadId} id={threadId} onBack={phone ? () => update({ thread: null }) : undefined} />
            ) : (
              <Empty description={t.pick} />
            )}
          </div>
        )}
      </div>
      <EditDrawer open={composing} title={t.newThread} onClose={() => update({ new: null, shop: null })}>
        <NewTicketForm shop={shop} onCreated={(id) => update({ new: null, shop: null, thread: String(id), status: null, q: null })} />
      </EditDrawer>
    </section>
  );
});
