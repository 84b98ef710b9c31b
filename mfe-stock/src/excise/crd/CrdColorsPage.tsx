// /dashboard/stocks/crdColors: the CRD capsule colours and their stock; add / edit drawer; capsule history drawer.
import { Button, Space, Tag, Typography } from 'antd';
import type { CrdColor } from 'shared-kernel/contracts';
import { EditDrawer, ResourceTable, useEditDrawer, useUrlListState, withQueryScope, type ColumnsFor } from 'shared-kernel/kit';
import { useCanWriteStock } from '../permissions';
import { fetchCrdColors, useCrdColors } from '../excise.queries';
import { texts as tx, useTexts } from '../texts';
import { CrdColorForm } from './CrdColorForm';
import { CrdHistory } from './CrdHistory';
import { crdColorsList } from './filters';

const t = tx.crd;

export default withQueryScope(function CrdColorsPage() {
  const texts = useTexts().crd;
  const list = useUrlListState(crdColorsList);
  const query = useCrdColors(list.apiQuery);
  const edit = useEditDrawer<CrdColor | undefined>();
  const history = useEditDrawer<CrdColor>();
  const canWrite = useCanWriteStock();
  const columns: ColumnsFor<CrdColor, typeof crdColorsList> = [
    { key: 'name', title: t.name, dataIndex: 'name', sortKey: 'name', cardTitle: true },
    { key: 'color', title: t.color, dataIndex: 'color', sortKey: 'color' },
    { key: 'type', title: t.type, dataIndex: 'type', render: (v: string) => (t.types as Record<string, string>)[v] ?? v },
    {
      key: 'isCRD',
      title: t.isCRD,
      dataIndex: 'isCRD',
      filterKey: 'isCRD',
      filterOptions: [
        { value: 'true', label: t.yes },
        { value: 'false', label: t.no },
      ],
      render: (b: boolean) => (b ? <Tag color="green">{t.yes}</Tag> : <Tag>{t.no}</Tag>),
      csv: (c) => (c.isCRD ? t.yes : t.no),
    },
    { key: 'stock', title: t.stock, dataIndex: 'stock', sortKey: 'stock', align: 'right' },
    {
      key: 'archived',
      title: t.state,
      dataIndex: 'archived',
      filterKey: 'archived',
      filterOptions: [
        { value: 'false', label: t.active },
        { value: 'true', label: t.archived },
      ],
      render: (a: boolean) => (a ? <Tag>{t.archived}</Tag> : <Tag color="blue">{t.active}</Tag>),
      csv: (c) => (c.archived ? t.archived : t.active),
    },
    {
      key: 'actions',
      title: '',
      csv: false,
      render: (_: unknown, c) => (
        <Space onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          <Button size="small" onClick={() => history.open(c)}>
            {t.history}
          </Button>
          {canWrite && (
            <Button size="small" onClick={() => edit.open(c)}>
              {t.edit}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{texts.title}</h1>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {texts.intro}
      </Typography.Paragraph>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={texts.list}
        search
        exportCsv={{ filename: 'couleurs-crd', fetchPage: fetchCrdColors }}
        toolbar={
          canWrite ? (
            <Button type="primary" onClick={() => edit.open(undefined)}>
              {texts.add}
            </Button>
          ) : undefined
        }
        texts={{ empty: texts.empty, emptyFiltered: texts.emptyFiltered, total: texts.total }}
      />
      <EditDrawer {...edit.props} title={edit.target ? texts.drawerEdit : texts.drawerAdd}>
        <CrdColorForm key={edit.target?.id ?? 'new'} color={edit.target} onDone={edit.close} />
      </EditDrawer>
      <EditDrawer {...history.props} title={history.target ? texts.drawerHistory(history.target.name) : texts.history}>
        {history.target && <CrdHistoryOf id={history.target.id} fallback={history.target} canWrite={canWrite} rows={query.data?.items} />}
      </EditDrawer>
    </section>
  );
});

/** The history drawer follows the list's fresh row (its stock changes after a movement). */
function CrdHistoryOf({ id, fallback, canWrite, rows }: { id: number; fallback: CrdColor; canWrite: boolean; rows?: CrdColor[] }) {
  const color = rows?.find((c) => c.id === id) ?? fallback;
  return <CrdHistory color={color} canWrite={canWrite} />;
}
