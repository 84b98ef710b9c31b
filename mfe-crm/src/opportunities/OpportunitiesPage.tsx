// /dashboard/clients/opportunities: the pipeline board. A column per stage of the CRM settings with its
// totals, cards dragged between and within columns (@dnd-kit: mouse, touch, keyboard) and a 'Déplacer vers…' menu on
// each card; filters (status, owner, search) in the URL; create/edit in a drawer; won / lost (reason) / reopen.
import { useMemo, useState, type CSSProperties } from 'react';
import { Alert, Button, Card, Dropdown, Empty, Flex, Input, Modal, Segmented, Select, Skeleton, Tag, Typography } from 'antd';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCorners,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  OPPORTUNITY_STATUSES,
  type Opportunity,
  type OpportunityBoard,
  type OpportunityColumn,
  type OpportunityStatusValue,
} from 'shared-kernel/contracts';
import { currentShopId, formatCents, formatDate, hasPermission } from 'shared-kernel/domain';
import { EditDrawer, errorMessage, parseId, withQueryScope, useAction } from 'shared-kernel/kit';
import { useNavigate, useSearchParams } from 'shared-kernel/router';
import { useSession } from 'shared-kernel/runtime';
import { useAssignees } from '../tasks/tasks.queries';
import { useBoard, useMoveOpportunity, useOpportunityAction, type BoardQuery } from './opportunities.queries';
import { OpportunityForm } from './OpportunityForm';
import { useTexts } from './texts';

const cardKey = (id: number) => `opp-${id}`;
const columnKey = (stage: string) => `col-${stage}`;

/** Where a card lands: the column and the index in it, from what it was dropped on (a card or a column). */
export function dropTarget(board: OpportunityColumn[], activeId: number, overId: string): { stage: string; position: number } | null {
  if (overId.startsWith('col-')) {
    const col = board.find((c) => c.key === overId.slice(4));
    if (!col) return null;
    return { stage: col.key, position: col.items.filter((o) => o.id !== activeId).length };
  }
  const overCard = Number(overId.slice(4));
  const col = board.find((c) => c.items.some((o) => o.id === overCard));
  if (!col) return null;
  return { stage: col.key, position: col.items.findIndex((o) => o.id === overCard) };
}

/** The board with a card moved (shown at once, before the server answers). */
function moved(board: OpportunityColumn[], id: number, to: { stage: string; position: number }): OpportunityColumn[] {
  const card = board.flatMap((c) => c.items).find((o) => o.id === id);
  if (!card) return board;
  return board.map((c) => {
    const items = c.items.filter((o) => o.id !== id);
    if (c.key === to.stage) items.splice(Math.min(to.position, items.length), 0, { ...card, stage: to.stage });
    return { ...c, items };
  });
}

function Totals({ col }: { col: OpportunityColumn }) {
  const t = useTexts();
  return (
    <div style={{ fontSize: 13, color: 'var(--ant-color-text-description, #595959)' }} data-testid={`totals-${col.key}`}>
      <div>{t.count(col.count)}</div>
      <div>
        <strong>{formatCents(col.amountCents)}</strong> · {t.weightedOf(formatCents(col.weightedCents))}
      </div>
    </div>
  );
}

interface CardProps {
  o: Opportunity;
  index: number;
  column: OpportunityColumn;
  columns: OpportunityColumn[];
  canWrite: boolean;
  draggable: boolean;
  onOpen: (o: Opportunity) => void;
  onMove: (o: Opportunity, to: { stage: string; position: number }) => void;
  onWon: (o: Opportunity) => void;
  onLost: (o: Opportunity) => void;
  onReopen: (o: Opportunity) => void;
  onDelete: (o: Opportunity) => void;
}

function OpportunityCard({ o, index, column, columns, canWrite, draggable, onOpen, onMove, onWon, onLost, onReopen, onDelete }: CardProps) {
  const t = useTexts();
  const sortable = useSortable({ id: cardKey(o.id), disabled: !draggable });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(sortable.transform),
    transition: sortable.transition,
    opacity: sortable.isDragging ? 0.5 : 1,
    touchAction: draggable ? 'manipulation' : undefined,
  };
  const moveItems = [
    ...(index > 0 ? [{ key: 'up', label: t.moveUp }] : []),
    ...(index < column.items.length - 1 ? [{ key: 'down', label: t.moveDown }] : []),
    ...columns.filter((c) => c.key !== column.key).map((c) => ({ key: `stage:${c.key}`, label: c.label })),
  ];
  const actions =
    o.status === 'open'
      ? [
          { key: 'won', label: t.markWon },
          { key: 'lost', label: t.markLost },
          { key: 'delete', label: t.delete, danger: true },
        ]
      : [
          { key: 'reopen', label: t.reopen },
          { key: 'delete', label: t.delete, danger: true },
        ];
  return (
    <li ref={sortable.setNodeRef} style={{ listStyle: 'none', ...style }} data-testid={`card-${o.id}`}>
      <Card size="small" styles={{ body: { display: 'grid', gap: 4, padding: 10 } }}>
        <div {...(draggable ? { ...sortable.attributes, ...sortable.listeners } : {})} style={{ cursor: draggable ? 'grab' : undefined }}>
          <Button
            type="link"
            onClick={() => onOpen(o)}
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left', fontWeight: 600 }}
          >
            {o.title}
          </Button>
          <div>{o.clientName ?? t.noClient}</div>
          <Flex gap={6} wrap align="center">
            <strong>{formatCents(o.amountCents)}</strong>
            <Tag>{o.probability} %</Tag>
            {o.expectedDate && <span>{formatDate(o.expectedDate)}</span>}
          </Flex>
          {o.owner && <div style={{ fontSize: 12 }}>{o.owner.name}</div>}
          {o.status === 'lost' && o.lostReason && <div style={{ fontSize: 12 }}>{t.lostBecause(o.lostReason)}</div>}
        </div>
        {canWrite && (
          <Flex gap={4} wrap>
            {o.status === 'open' && moveItems.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: moveItems,
                  onClick: ({ key }) => {
                    if (key === 'up') onMove(o, { stage: column.key, position: index - 1 });
                    else if (key === 'down') onMove(o, { stage: column.key, position: index + 1 });
                    else {
                      const stage = key.slice(6);
                      const target = columns.find((c) => c.key === stage);
                      onMove(o, { stage, position: target ? target.items.length : 0 });
                    }
                  },
                }}
              >
                <Button size="small" aria-label={`${t.moveTo} (${o.title})`}>
                  {t.moveTo}
                </Button>
              </Dropdown>
            )}
            <Dropdown
              trigger={['click']}
              menu={{
                items: actions,
                onClick: ({ key }) => {
                  if (key === 'won') onWon(o);
                  else if (key === 'lost') onLost(o);
                  else if (key === 'reopen') onReopen(o);
                  else onDelete(o);
                },
              }}
            >
              <Button size="small" aria-label={t.actions(o.title)}>
                …
              </Button>
            </Dropdown>
          </Flex>
        )}
      </Card>
    </li>
  );
}

function Column({ col, children }: { col: OpportunityColumn; children: React.ReactNode }) {
  const drop = useDroppable({ id: columnKey(col.key) });
  return (
    <section
      ref={drop.setNodeRef}
      aria-label={col.label}
      style={{
        flex: '0 0 260px',
        display: 'grid',
        alignContent: 'start',
        gap: 8,
        padding: 8,
        borderRadius: 8,
        background: drop.isOver ? 'var(--ant-color-primary-bg, #e6f4ff)' : 'var(--ant-color-fill-quaternary, #f5f5f5)',
        minHeight: 160,
      }}
    >
      <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
        {col.label}
      </Typography.Title>
      <Totals col={col} />
      {children}
    </section>
  );
}

function useBoardUrl() {
  const [params, setParams] = useSearchParams();
  const status = (OPPORTUNITY_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as OpportunityStatusValue)
    : 'open';
  const ownerId = parseId(params.get('ownerId')) ?? undefined;
  const q = params.get('q')?.trim() || undefined;
  const set = (key: string, value: string | null, replace = false) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (value === null || value === '') out.delete(key);
        else out.set(key, value);
        return out;
      },
      { replace, preventScrollReset: true },
    );
  const query: BoardQuery = { ...(status !== 'open' ? { status } : {}), ...(ownerId ? { ownerId } : {}), ...(q ? { q } : {}) };
  return { status, ownerId, q, query, set };
}

export default withQueryScope(function OpportunitiesPage() {
  const t = useTexts();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const canWrite = hasPermission(user, currentShopId(user, shop), 'createClient');
  const url = useBoardUrl();
  const board = useBoard(url.query);
  const team = useAssignees();
  const move = useMoveOpportunity();
  const action = useOpportunityAction();
  const [optimistic, setOptimistic] = useState<{ data: OpportunityBoard; columns: OpportunityColumn[] } | null>(null);
  const [drawer, setDrawer] = useState<{ o?: Opportunity } | null>(null);
  const [losing, setLosing] = useState<Opportunity | null>(null);
  const [reason, setReason] = useState('');
  const [search, setSearch] = useState(url.q ?? '');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // the optimistic board holds until the data it was made from is replaced by a fresh answer
  const columns = optimistic && optimistic.data === board.data ? optimistic.columns : (board.data?.stages ?? []);
  const stages = useMemo(() => (board.data?.stages ?? []).map((c) => ({ key: c.key, label: c.label })), [board.data]);
  const draggable = canWrite && url.status === 'open';

  const moving = useAction({
    run: async (id: number, to: { stage: string; position: number }) => {
      try {
        return await move.mutateAsync({ id, body: to });
      } catch (err) {
        // a refused move puts the board back as the server has it
        setOptimistic(null);
        throw err;
      }
    },
    success: t.moved,
    errorFallback: t.loadError,
  });
  const doMove = (o: Opportunity, to: { stage: string; position: number }) => {
    if (!board.data) return;
    setOptimistic({ data: board.data, columns: moved(columns, o.id, to) });
    void moving.run(o.id, to);
  };
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over) return;
    const id = Number(String(e.active.id).slice(4));
    const o = columns.flatMap((c) => c.items).find((x) => x.id === id);
    const to = dropTarget(columns, id, String(e.over.id));
    if (!o || !to) return;
    const from = columns.find((c) => c.key === o.stage);
    if (from?.key === to.stage && from.items.findIndex((x) => x.id === id) === to.position) return;
    doMove(o, to);
  };
  // each action has its own success text and follow-up, carried with the answer
  const acting = useAction({
    run: async (
      o: Opportunity,
      a: Parameters<typeof action.mutateAsync>[0]['action'],
      done: string,
      after?: (answer: unknown) => void,
    ) => ({
      answer: (await action.mutateAsync({ id: o.id, action: a })) as unknown,
      done,
      after,
    }),
    success: (r) => r.done,
    onDone: (r) => r.after?.(r.answer),
    errorFallback: t.loadError,
  });
  const run = (o: Opportunity, a: Parameters<typeof action.mutateAsync>[0]['action'], done: string, then?: (answer: unknown) => void) =>
    void acting.run(o, a, done, then);
  const onWon = (o: Opportunity) =>
    run(o, { kind: 'won' }, t.won, (answer) => {
      const link = (answer as { quoteLink?: string }).quoteLink;
      if (!link) return;
      Modal.confirm({
        title: t.wonTitle,
        content: t.wonText(o.title),
        okText: t.wonQuote,
        cancelText: t.wonLater,
        onOk: () => navigate(link),
      });
    });

  const owners = [
    { value: 0, label: t.allOwners },
    ...(team.data ?? []).map((a) => ({ value: a.id, label: a.name })),
    ...(url.ownerId && !team.data?.some((a) => a.id === url.ownerId) ? [{ value: url.ownerId, label: `n°${url.ownerId}` }] : []),
  ];

  let body: React.ReactNode;
  if (board.isPending)
    body = (
      <div role="status" aria-busy="true" aria-label="Chargement">
        <Skeleton active />
      </div>
    );
  else if (board.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={errorMessage(board.error, t.loadError)}
        action={<Button onClick={() => void board.refetch()}>{t.retry}</Button>}
      />
    );
  else
    body = (
      <>
        <div aria-live="polite" data-testid="board-totals">
          {t.totals(board.data.totals.count, formatCents(board.data.totals.amountCents), formatCents(board.data.totals.weightedCents))}
        </div>
        {draggable && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.dragHint}
          </Typography.Text>
        )}
        <DndContext sensors={sensors} collisionDetection={closestCorners} onDragEnd={onDragEnd}>
          <div
            role="region"
            aria-label={t.board}
            tabIndex={0}
            style={{
              display: 'flex',
              gap: 12,
              overflowX: 'auto',
              paddingBottom: 8,
              scrollSnapType: 'x proximity',
              alignItems: 'flex-start',
            }}
          >
            {columns.map((col) => (
              <Column key={col.key} col={col}>
                <SortableContext items={col.items.map((o) => cardKey(o.id))} strategy={verticalListSortingStrategy}>
                  {col.items.length === 0 ? (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.columnEmpty} />
                  ) : (
                    <ul style={{ margin: 0, padding: 0, display: 'grid', gap: 8 }}>
                      {col.items.map((o, i) => (
                        <OpportunityCard
                          key={o.id}
                          o={o}
                          index={i}
                          column={col}
                          columns={columns}
                          canWrite={canWrite}
                          draggable={draggable}
                          onOpen={(x) => setDrawer({ o: x })}
                          onMove={doMove}
                          onWon={onWon}
                          onLost={(x) => {
                            setReason('');
                            setLosing(x);
                          }}
                          onReopen={(x) => run(x, { kind: 'reopen' }, t.reopened)}
                          onDelete={(x) =>
                            Modal.confirm({
                              title: t.deleteConfirm,
                              okText: t.delete,
                              okButtonProps: { danger: true },
                              cancelText: t.cancel,
                              onOk: () => run(x, { kind: 'delete' }, t.deleted),
                            })
                          }
                        />
                      ))}
                    </ul>
                  )}
                </SortableContext>
              </Column>
            ))}
          </div>
        </DndContext>
      </>
    );

  return (
    <section style={{ display: 'grid', gap: 12, padding: 16, minWidth: 0 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {t.title}
        </Typography.Title>
        {canWrite && stages.length > 0 && (
          <Button type="primary" onClick={() => setDrawer({})}>
            {t.add}
          </Button>
        )}
      </Flex>
      <Flex gap={8} wrap align="center">
        <Segmented
          aria-label={t.status}
          value={url.status}
          onChange={(v) => url.set('status', v === 'open' ? null : String(v))}
          options={OPPORTUNITY_STATUSES.map((s) => ({ value: s, label: t.statuses[s] }))}
        />
        <Select
          aria-label={t.owner}
          value={url.ownerId ?? 0}
          onChange={(v: number) => url.set('ownerId', v ? String(v) : null)}
          options={owners}
          style={{ minWidth: 180 }}
        />
        <Input.Search
          aria-label={t.search}
          placeholder={t.search}
          allowClear
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            if (!e.target.value) url.set('q', null, true);
          }}
          onSearch={(v) => url.set('q', v.trim() || null, true)}
          style={{ maxWidth: 320 }}
        />
      </Flex>
      {body}
      <EditDrawer open={drawer !== null} onClose={() => setDrawer(null)} title={drawer?.o ? t.edit : t.add}>
        {drawer && (
          <OpportunityForm
            key={drawer.o?.id ?? 'new'}
            opportunity={drawer.o}
            stages={stages}
            me={user?.id ?? null}
            onDone={() => setDrawer(null)}
          />
        )}
      </EditDrawer>
      <Modal
        open={losing !== null}
        title={t.lostTitle}
        okText={t.lostConfirm}
        cancelText={t.cancel}
        okButtonProps={{ disabled: !reason.trim(), loading: acting.pending }}
        onCancel={() => setLosing(null)}
        onOk={() => {
          if (!losing || !reason.trim()) return;
          run(losing, { kind: 'lost', reason: reason.trim() }, t.lost, () => setLosing(null));
        }}
      >
        <label htmlFor="opportunity-lost-reason" style={{ display: 'block', marginBottom: 4 }}>
          {t.lostReason}
        </label>
        <Input.TextArea id="opportunity-lost-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} />
      </Modal>
    </section>
  );
});
