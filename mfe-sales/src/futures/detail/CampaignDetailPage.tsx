// /dashboard/futures/:id (seeFutureOrder): a primeur campaign — its terms, its offer (price per typology and bottles
// ordered), its totals and the per-client table; for createFutureOrder: 'Nouvelle commande primeur', 'Livrer' per
// order, 'Modifier' (drawer), 'Clôturer' / 'Rouvrir'.
import { useState } from 'react';
import { Alert, Button, Skeleton, Table } from 'antd';
import type { FuturesCampaign } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import {
  DetailLayout,
  DetailSection,
  EditDrawer,
  errorMessage,
  QueryBoundary,
  useEditDrawer,
  useIdParam,
  withQueryScope,
  useAction,
} from 'shared-kernel/kit';
import { CampaignForm, useTypologies } from '../form/CampaignForm';
import { useCampaign, useCampaignClients, useCampaignStatus } from '../futures.queries';
import { CampaignStatusTag } from '../list/columns';
import { useCanCreateFutures } from '../permissions';
import { useTexts } from '../texts';
import { ClientsTable, Figures } from './ClientsTable';
import { FuturesOrderDialog } from './FuturesOrderDialog';

function Offer({ campaign }: { campaign: FuturesCampaign }) {
  const t = useTexts();
  const typologies = useTypologies();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="id"
      dataSource={campaign.lines}
      scroll={{ x: 480 }}
      columns={[
        { key: 'label', title: t.form.format, dataIndex: 'label' },
        ...typologies.map((typ) => ({
          key: typ.id,
          title: t.form.price(typ.name),
          align: 'right' as const,
          render: (_: unknown, l: FuturesCampaign['lines'][number]) =>
            l.prices[typ.id] != null ? formatCents(l.prices[typ.id]) : t.detail.notOffered,
        })),
        { key: 'ordered', title: t.columns.bottles, dataIndex: 'ordered', align: 'right' as const },
      ]}
    />
  );
}

function Clients({ campaign, canWrite }: { campaign: FuturesCampaign; canWrite: boolean }) {
  const query = useCampaignClients(campaign.id);
  if (query.isPending) return <Skeleton active />;
  if (query.isError)
    return (
      <Alert
        type="error"
        message={errorMessage(query.error)}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            Réessayer
          </Button>
        }
      />
    );
  return <ClientsTable rows={query.data.items} canWrite={canWrite} />;
}

export default withQueryScope(function CampaignDetailPage() {
  const t = useTexts();
  const d = t.detail;
  const id = useIdParam();
  const query = useCampaign(id);
  const edit = useEditDrawer();
  const canWrite = useCanCreateFutures();
  const status = useCampaignStatus();
  const [ordering, setOrdering] = useState(false);
  const closing = useAction({
    run: (campaignId: number) => status.mutateAsync({ id: campaignId, action: 'close' }),
    confirm: { title: d.closeTitle, content: d.closeContent, okText: d.close },
    success: (r) => r.message,
  });
  const reopening = useAction({
    run: (campaignId: number) => status.mutateAsync({ id: campaignId, action: 'reopen' }),
    success: (r) => r.message,
  });
  return (
    <QueryBoundary
      query={query}
      missing={id === null}
      notFound={{ backTo: '/dashboard/futures', backLabel: t.form.back, title: d.notFound }}
    >
      {(c) => {
        const toggle = () => void (c.status === 'open' ? closing.run(c.id) : reopening.run(c.id));
        return (
          <DetailLayout
            title={`${c.name} · ${c.vintage}`}
            backTo="/dashboard/futures"
            backLabel={t.form.back}
            actions={
              canWrite ? (
                <>
                  {c.status === 'open' && (
                    <Button type="primary" onClick={() => setOrdering(true)}>
                      {d.newOrder}
                    </Button>
                  )}
                  <Button onClick={() => edit.open()}>{d.edit}</Button>
                  <Button onClick={toggle} loading={closing.pending || reopening.pending}>
                    {c.status === 'open' ? d.close : d.reopen}
                  </Button>
                </>
              ) : undefined
            }
            side={
              <>
                <DetailSection title={d.campaign}>
                  <CampaignStatusTag status={c.status} />
                  <p style={{ margin: '8px 0 0' }}>
                    {d.depositPercent} : {t.percent(c.depositPercent)}
                    <br />
                    {d.period} : {t.period(formatDate(c.deliveryFrom), formatDate(c.deliveryTo))}
                  </p>
                  {c.description && <p style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap' }}>{c.description}</p>}
                </DetailSection>
                <DetailSection title={d.totals}>
                  <p style={{ margin: '0 0 8px' }}>
                    {d.orders(c.totals.orders)} · {d.bottlesDelivered(c.totals.bottlesDelivered)}
                  </p>
                  <Figures row={c.totals} />
                </DetailSection>
              </>
            }
          >
            <DetailSection title={d.offer}>
              <Offer campaign={c} />
            </DetailSection>
            <DetailSection title={d.clients}>
              <Clients campaign={c} canWrite={canWrite} />
            </DetailSection>
            <EditDrawer {...edit.props} title={d.editTitle}>
              <CampaignForm campaign={c} onDone={edit.close} />
            </EditDrawer>
            {ordering && <FuturesOrderDialog campaign={c} onClose={() => setOrdering(false)} />}
          </DetailLayout>
        );
      }}
    </QueryBoundary>
  );
});
