import { Button, Empty } from 'antd';
import type { SupplierDetail } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import {
  DetailLayout,
  DetailSection,
  EditDrawer,
  LinkButton,
  QueryBoundary,
  useEditDrawer,
  useIdParam,
  withQueryScope,
  useDeleteAction,
} from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { PurchaseStatusTag } from '../../purchases/PurchaseStatusTag';
import { SupplierForm } from '../form/SupplierForm';
import { delayLabel } from '../list/columns';
import { useDeleteSupplier, useSupplier } from '../suppliers.queries';
import { useTexts } from '../texts';

const dl = { margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' } as const;
const dd = { margin: 0, overflowWrap: 'anywhere' } as const;

function Identity({ s }: { s: SupplierDetail }) {
  const t = useTexts();
  const a = s.address;
  return (
    <dl style={dl}>
      <dt>{t.siret}</dt>
      <dd style={dd}>{s.siret ?? t.none}</dd>
      <dt>{t.vatNumber}</dt>
      <dd style={dd}>{s.vatNumber ?? t.none}</dd>
      <dt>{t.email}</dt>
      <dd style={dd}>{s.email ? <a href={`mailto:${s.email}`}>{s.email}</a> : t.none}</dd>
      <dt>{t.phone}</dt>
      <dd style={dd}>{s.phone ? <a href={`tel:${s.phone.replace(/\s/g, '')}`}>{s.phone}</a> : t.none}</dd>
      <dt>{t.address}</dt>
      <dd style={dd}>{[a.line1, a.line2, [a.zip, a.city].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ') || t.none}</dd>
      <dt>{t.paymentDelay}</dt>
      <dd style={dd}>{delayLabel(s.paymentDelay) || t.none}</dd>
    </dl>
  );
}

export default withQueryScope(function SupplierDetailPage() {
  const t = useTexts();
  const id = useIdParam();
  const query = useSupplier(id);
  const edit = useEditDrawer();
  const remove = useDeleteSupplier();
  const deleting = useDeleteAction({
    run: (supplierId: number) => remove.mutateAsync(supplierId),
    title: t.deleteConfirm,
    okText: t.delete,
    success: t.deleted,
    backTo: '/dashboard/suppliers',
  });
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: '/dashboard/suppliers', backLabel: t.back, title: t.notFound }}>
      {(s) => (
        <DetailLayout
          title={s.company}
          backTo="/dashboard/suppliers"
          backLabel={t.back}
          meta={t.statuses[s.status]}
          actions={
            <>
              <Button onClick={() => edit.open()}>{t.edit}</Button>
              <LinkButton to={`/dashboard/purchases/add?supplierId=${s.id}`} disabled={s.status === 'archived'}>
                {t.newPurchase}
              </LinkButton>
              {s.purchases.count === 0 && (
                <Button danger onClick={() => void deleting.run(s.id)}>
                  {t.delete}
                </Button>
              )}
            </>
          }
          side={
            <>
              <DetailSection title={t.contacts}>
                {s.contacts.length ? (
                  <ul style={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 8 }}>
                    {s.contacts.map((c, i) => (
                      <li key={i}>
                        <strong>{c.name}</strong>
                        {c.role ? ` · ${c.role}` : ''}
                        {c.email && (
                          <div>
                            <a href={`mailto:${c.email}`}>{c.email}</a>
                          </div>
                        )}
                        {c.phone && <div>{c.phone}</div>}
                      </li>
                    ))}
                  </ul>
                ) : (
                  t.none
                )}
              </DetailSection>
              {s.notes && (
                <DetailSection title={t.notes}>
                  <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{s.notes}</p>
                </DetailSection>
              )}
            </>
          }
        >
          <DetailSection title={t.identity}>
            <Identity s={s} />
          </DetailSection>
          <DetailSection title={`${t.purchases} (${t.purchasesCount(s.purchases.count)})`}>
            <dl style={{ ...dl, marginBottom: 12 }}>
              <dt>{t.totalHT}</dt>
              <dd style={dd}>{formatCents(s.purchases.totalHTCents)}</dd>
              <dt>{t.openHT}</dt>
              <dd style={dd}>{formatCents(s.purchases.openHTCents)}</dd>
            </dl>
            {s.purchases.recent.length ? (
              <ul style={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 8 }}>
                {s.purchases.recent.map((o) => (
                  <li key={o.id} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
                    <Link to={`/dashboard/purchases/${o.id}`}>{o.number}</Link>
                    <PurchaseStatusTag status={o.status} />
                    <span>{formatDate(o.createdAt)}</span>
                    <span style={{ marginInlineStart: 'auto' }}>{formatCents(o.totalHTCents)} HT</span>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noPurchase} />
            )}
          </DetailSection>
          <EditDrawer {...edit.props} title={t.editTitle}>
            <SupplierForm supplier={s} onDone={edit.close} />
          </EditDrawer>
        </DetailLayout>
      )}
    </QueryBoundary>
  );
});
