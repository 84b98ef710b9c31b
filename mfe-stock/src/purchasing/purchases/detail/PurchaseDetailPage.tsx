import { useState } from 'react';
import { Button, Table } from 'antd';
import type { PurchaseOrderDetail, PurchaseOrderLineDto } from 'shared-kernel/contracts';
import { formatCents, formatDate, formatDateTime } from 'shared-kernel/domain';
import {
  DetailLayout,
  DetailSection,
  EditDrawer,
  QueryBoundary,
  useEditDrawer,
  useIdParam,
  withQueryScope,
  useAction,
} from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { useLayoutMode } from 'shared-kernel/runtime';
import { PurchaseForm } from '../form/PurchaseForm';
import { PurchaseStatusTag } from '../PurchaseStatusTag';
import { downloadPurchasePdf, usePurchase, usePurchaseAction } from '../purchases.queries';
import { useTexts } from '../texts';
import { ReceiveDialog } from './ReceiveDialog';

function Lines({ order }: { order: PurchaseOrderDetail }) {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  if (mobile) {
    return (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {order.lines.map((l) => (
          <li key={l.id} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>
            <strong>{l.label}</strong>
            <div>
              {t.ordered} {l.quantity} · {t.received} {l.receivedQuantity} · {formatCents(l.unitCostCents)} → {formatCents(l.totalHTCents)}
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<PurchaseOrderLineDto>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={order.lines}
      columns={[
        { key: 'label', title: t.article, dataIndex: 'label' },
        { key: 'quantity', title: t.ordered, dataIndex: 'quantity', align: 'right' },
        { key: 'receivedQuantity', title: t.received, dataIndex: 'receivedQuantity', align: 'right' },
        { key: 'unitCost', title: t.unitCost, dataIndex: 'unitCostCents', align: 'right', render: (c: number) => formatCents(c) },
        { key: 'total', title: t.lineTotal, dataIndex: 'totalHTCents', align: 'right', render: (c: number) => formatCents(c) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={4} align="right">
            <strong>{t.totalHT}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <strong>{formatCents(order.totalHTCents)}</strong>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

function Actions({ order, onEdit, onReceive }: { order: PurchaseOrderDetail; onEdit: () => void; onReceive: () => void }) {
  const t = useTexts();
  const action = usePurchaseAction();
  const sending = useAction({
    run: () => action.mutateAsync({ id: order.id, action: 'send' }),
    confirm: { title: t.send, content: t.sendConfirm(order.supplierEmail ?? ''), okText: t.send },
    success: (r) => r.message,
  });
  const cancelling = useAction({
    run: () => action.mutateAsync({ id: order.id, action: 'cancel' }),
    confirm: { title: t.cancel, content: t.cancelConfirm, okText: t.cancel },
    success: (r) => r.message,
  });
  const pdf = useAction({ run: () => downloadPurchasePdf(order.id, order.number) });
  return (
    <>
      {order.status === 'draft' && <Button onClick={onEdit}>{t.edit}</Button>}
      {order.status === 'draft' && (
        <Button type="primary" loading={sending.pending} onClick={() => void sending.run()}>
          {t.send}
        </Button>
      )}
      {(order.status === 'sent' || order.status === 'partial') && (
        <Button type="primary" onClick={onReceive}>
          {t.receive}
        </Button>
      )}
      <Button onClick={() => void pdf.run()}>{t.pdf}</Button>
      {(order.status === 'draft' || order.status === 'sent') && (
        <Button danger onClick={() => void cancelling.run()}>
          {t.cancel}
        </Button>
      )}
    </>
  );
}

export default withQueryScope(function PurchaseDetailPage() {
  const t = useTexts();
  const id = useIdParam();
  const query = usePurchase(id);
  const edit = useEditDrawer();
  const [receiving, setReceiving] = useState(false);
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: '/dashboard/purchases', backLabel: t.back, title: t.notFound }}>
      {(o) => (
        <DetailLayout
          title={
            <>
              {o.number} <PurchaseStatusTag status={o.status} />
            </>
          }
          backTo="/dashboard/purchases"
          backLabel={t.back}
          meta={
            <>
              <Link to={`/dashboard/suppliers/${o.supplierId}`}>{o.supplierName}</Link> · {formatCents(o.totalHTCents)} HT
            </>
          }
          actions={<Actions order={o} onEdit={() => edit.open()} onReceive={() => setReceiving(true)} />}
          side={
            <>
              <DetailSection title={t.details}>
                <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' }}>
                  <dt>{t.supplier}</dt>
                  <dd style={{ margin: 0 }}>{o.supplierName}</dd>
                  <dt>{t.warehouse}</dt>
                  <dd style={{ margin: 0 }}>{o.warehouseName ?? t.none}</dd>
                  <dt>{t.expectedAt}</dt>
                  <dd style={{ margin: 0 }}>{formatDate(o.expectedAt) || t.none}</dd>
                </dl>
              </DetailSection>
              <DetailSection title={t.history}>
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  <li>
                    {t.createdAt} {formatDateTime(o.createdAt)}
                  </li>
                  {o.sentAt && (
                    <li>
                      {t.sentAt} {formatDateTime(o.sentAt)}
                    </li>
                  )}
                  {o.receivedAt && (
                    <li>
                      {t.receivedAt} {formatDateTime(o.receivedAt)}
                    </li>
                  )}
                  {o.cancelledAt && (
                    <li>
                      {t.cancelledAt} {formatDateTime(o.cancelledAt)}
                    </li>
                  )}
                </ul>
              </DetailSection>
            </>
          }
        >
          <DetailSection title={t.lines}>
            <Lines order={o} />
          </DetailSection>
          {o.notes && (
            <DetailSection title={t.notes}>
              <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{o.notes}</p>
            </DetailSection>
          )}
          {receiving && <ReceiveDialog order={o} open={receiving} onClose={() => setReceiving(false)} />}
          <EditDrawer {...edit.props} title={t.editTitle}>
            <PurchaseForm order={o} onDone={edit.close} />
          </EditDrawer>
        </DetailLayout>
      )}
    </QueryBoundary>
  );
});
