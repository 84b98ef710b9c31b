// Capsule stock of one colour: a purchase or an inventory, and the history (purchases, bottling consumption, inventories).
import { Empty, Pagination, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { CrdColor, CrdMovement } from 'shared-kernel/contracts';
import { FormField, QueryBoundary, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { formatDate } from 'shared-kernel/domain';
import { notify } from 'shared-kernel/runtime';
import { useAddCrdMovement, useCrdMovements } from '../excise.queries';
import { useTexts } from '../texts';
import { crdMovementSchema } from './crd.schema';

const KIND_COLOR: Record<CrdMovement['kind'], string> = { purchase: 'green', bottling: 'blue', adjustment: 'orange' };

function MovementForm({ color }: { color: CrdColor }) {
  const t = useTexts().crd.movement;
  const add = useAddCrdMovement(color.id);
  const form = useZodForm(crdMovementSchema, { defaultValues: { kind: 'purchase', amount: null, reason: '' } });
  const kind = form.watch('kind');
  return (
    <ZodForm
      form={form}
      onSubmit={async (v) => {
        const reason = v.reason.trim() || null;
        const amount = v.amount ?? 0;
        await add.mutateAsync(
          v.kind === 'purchase' ? { kind: 'purchase', quantity: amount, reason } : { kind: 'adjustment', counted: amount, reason },
        );
        notify.success(t.saved);
        form.reset({ kind: v.kind, amount: null, reason: '' });
      }}
    >
      <FormField
        name="kind"
        label={t.kind}
        kind="select"
        options={[
          { value: 'purchase', label: t.purchase },
          { value: 'adjustment', label: t.adjustment },
        ]}
        required
      />
      <FormField name="amount" label={kind === 'purchase' ? t.quantity : t.counted} kind="number" min={0} required />
      <FormField name="reason" label={t.reason} />
      <SubmitButton>{t.save}</SubmitButton>
    </ZodForm>
  );
}

export function CrdHistory({ color, canWrite }: { color: CrdColor; canWrite: boolean }) {
  const t = useTexts().crd;
  const [page, setPage] = useState(1);
  const query = useCrdMovements(color.id, page);
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <Typography.Text strong>{t.movement.stockNow(color.stock)}</Typography.Text>
      {canWrite && !color.archived && <MovementForm color={color} />}
      <QueryBoundary query={query} notFound={{ backTo: '/dashboard/stocks/crdColors', backLabel: 'Retour aux couleurs de CRD' }}>
        {(data) => (
          <>
            {data.items.length === 0 ? (
              <Empty description={t.movement.empty} />
            ) : (
              <ul aria-label={t.history} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
                {data.items.map((m) => (
                  <li key={m.id} style={{ borderBottom: '1px solid rgba(0,0,0,0.06)', paddingBottom: 8 }}>
                    <div>
                      <Tag color={KIND_COLOR[m.kind]}>{t.movement[m.kind]}</Tag>{' '}
                      <strong>{m.quantity > 0 ? `+${m.quantity}` : m.quantity}</strong>
                    </div>
                    <Typography.Text type="secondary">
                      {[formatDate(m.occurredAt), m.reason, m.stockMovementId ? t.movement.stockMovement(m.stockMovementId) : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography.Text>
                  </li>
                ))}
              </ul>
            )}
            {data.total > 10 && (
              <Pagination size="small" current={page} pageSize={10} total={data.total} onChange={setPage} showSizeChanger={false} />
            )}
          </>
        )}
      </QueryBoundary>
    </div>
  );
}
