// /dashboard/stocks/:id (id = format id): levels per warehouse, totals, threshold, its movements, quick movement.
import { Button, Descriptions, InputNumber, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  DetailLayout,
  DetailSection,
  EditDrawer,
  QueryBoundary,
  ResourceTable,
  useEditDrawer,
  useIdParam,
  useUrlListState,
  withQueryScope,
} from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { movementsList } from '../list/filters';
import { MovementForm } from '../movements/MovementForm';
import { movementColumns } from '../movements/columns';
import { useFormatStock, useMovements, useSetThreshold } from '../stocks.queries';
import { useTexts } from '../texts';

function ThresholdEditor({ formatId, threshold }: { formatId: number; threshold: number | null }) {
  const [value, setValue] = useState<number | null>(threshold);
  const save = useSetThreshold();
  return (
    <Space wrap>
      <InputNumber
        aria-label="Seuil d'alerte"
        min={0}
        precision={0}
        value={value}
        onChange={(v) => setValue(v ?? null)}
        placeholder="Aucun"
      />
      <Button
        loading={save.isPending}
        onClick={async () => {
          try {
            await save.mutateAsync({ formatId, threshold: value });
            notify.success("Le seuil d'alerte a été mis à jour");
          } catch (err) {
            notify.error((err as Error).message);
          }
        }}
      >
        Enregistrer le seuil
      </Button>
    </Space>
  );
}

function History({ formatId }: { formatId: number }) {
  const t = useTexts();
  const list = useUrlListState(movementsList, { prefix: 'm_' });
  const query = useMovements({ ...list.apiQuery, formatId });
  return (
    <ResourceTable
      list={list}
      query={query}
      columns={movementColumns.filter((c) => c.key !== 'format')}
      label={t.movementsList}
      texts={{ empty: t.movementsEmpty, emptyFiltered: t.movementsEmptyFiltered, total: t.movementsTotal }}
    />
  );
}

export default withQueryScope(function StockDetailPage() {
  const t = useTexts();
  const id = useIdParam();
  const query = useFormatStock(id);
  const drawer = useEditDrawer();
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: '/dashboard/stocks', backLabel: t.back, title: t.notFound }}>
      {(f) => (
        <DetailLayout
          title={f.label}
          backTo="/dashboard/stocks"
          backLabel={t.back}
          actions={
            <Button type="primary" onClick={() => drawer.open()}>
              Enregistrer un mouvement
            </Button>
          }
          side={
            <DetailSection title={t.threshold}>
              <ThresholdEditor formatId={f.formatId} threshold={f.threshold} />
              {f.underThreshold && <Tag color="orange">{t.underThreshold}</Tag>}
            </DetailSection>
          }
        >
          <DetailSection title="Totaux">
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, md: 3 }}
              items={[
                { key: 'onHand', label: t.onHand, children: f.onHand },
                { key: 'reserved', label: t.reserved, children: f.reserved },
                { key: 'allocated', label: t.allocated, children: f.allocated },
                { key: 'available', label: t.available, children: f.available },
                { key: 'web', label: t.webStock, children: f.webStock },
              ]}
            />
          </DetailSection>
          <DetailSection title="Par entrepôt">
            <Table
              size="small"
              pagination={false}
              rowKey="warehouseId"
              dataSource={f.levels}
              columns={[
                {
                  key: 'name',
                  title: t.warehouse,
                  dataIndex: 'warehouseName',
                  render: (n: string, l) => (
                    <>
                      {n} {l.feedsWebShop && <Tag color="blue">Boutique en ligne</Tag>}
                    </>
                  ),
                },
                { key: 'onHand', title: t.onHand, dataIndex: 'onHand', align: 'right' },
              ]}
            />
          </DetailSection>
          <DetailSection title={t.movements}>
            <History formatId={f.formatId} />
          </DetailSection>
          <EditDrawer {...drawer.props} title="Nouveau mouvement">
            <MovementForm formatId={f.formatId} onDone={drawer.close} />
          </EditDrawer>
        </DetailLayout>
      )}
    </QueryBoundary>
  );
});
