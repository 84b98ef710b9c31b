// /dashboard/clients/prospection — the prospects by department and pipe status: 'Visite' / 'Appel' record an
// interaction at once, 'Convertir' makes the prospect a professional client (the follow-up task: the tasks page).
import { useMemo } from 'react';
import { Button, Flex, Select, Space, Tag, Typography } from 'antd';
import { z } from 'zod';
import type { CrmClientListItem } from 'shared-kernel/contracts';
import { FRENCH_DEPARTMENTS } from 'shared-kernel/domain';
import { listStateSchema, ResourceTable, RowLink, useAction, useUrlListState, withQueryScope, type ColumnsFor } from 'shared-kernel/kit';
import { useAddInteraction, useClientFile, useConvertClient } from '../crm.queries';
import { useTexts, type ClientFileTexts } from '../file/texts';

export const PIPE_STATUSES = ['À contacter', 'Contacté', 'Rendez-vous', 'Négociation'] as const;
const DEPARTMENT_OPTIONS = FRENCH_DEPARTMENTS.map((d) => ({ value: d.value, label: `${d.value} — ${d.label}` }));

export const prospectsList = listStateSchema({
  sort: ['lastname', 'createdAt', 'company'] as const,
  defaultSort: 'company',
  filters: { department: z.string().optional(), pipe: z.string().optional() },
});

function QuickActions({ p }: { p: CrmClientListItem }) {
  const t = useTexts();
  const add = useAddInteraction();
  const convert = useConvertClient();
  const interaction = useAction({
    run: (kind: 'visit' | 'call') => add.mutateAsync({ id: p.id, input: { kind } }),
    success: t.interactionAdded,
  });
  const conversion = useAction({ run: () => convert.mutateAsync({ id: p.id, kind: 'professional' }), success: t.converted });
  return (
    <Space wrap>
      <Button size="small" aria-label={t.visitFor(p.name)} disabled={interaction.pending} onClick={() => void interaction.run('visit')}>
        {t.visit}
      </Button>
      <Button size="small" aria-label={t.callFor(p.name)} disabled={interaction.pending} onClick={() => void interaction.run('call')}>
        {t.call}
      </Button>
      <Button
        size="small"
        type="primary"
        aria-label={t.convertFor(p.name)}
        loading={conversion.pending}
        onClick={() => void conversion.run()}
      >
        {t.convert}
      </Button>
    </Space>
  );
}

const columnsOf = (t: ClientFileTexts): ColumnsFor<CrmClientListItem, typeof prospectsList> => [
  {
    key: 'name',
    title: t.name,
    dataIndex: 'name',
    sortKey: 'company',
    cardTitle: true,
    render: (name: string, p) => <RowLink to={`/dashboard/clients/${p.id}`}>{name}</RowLink>,
  },
  {
    key: 'department',
    title: t.department,
    dataIndex: 'department',
    render: (d: string | null, p) => [d, p.city].filter(Boolean).join(' · '),
  },
  {
    key: 'pipe',
    title: t.pipe,
    dataIndex: 'pipe',
    filterKey: 'pipe',
    filterOptions: PIPE_STATUSES.map((s) => ({ value: s, label: s })),
    render: (v: string | null) => (v ? <Tag color="orange">{v}</Tag> : ''),
    csv: (p) => p.pipe ?? '',
  },
  { key: 'phone', title: t.phone, dataIndex: 'phone', render: (v: string | null, p) => p.mobile ?? v ?? '' },
  { key: 'agent', title: t.agent, dataIndex: 'agentName', hideOnCard: true, render: (v: string | null) => v ?? '' },
  { key: 'actions', title: '', dataIndex: 'id', csv: false, render: (_: number, p) => <QuickActions p={p} /> },
];

export default withQueryScope(function ProspectionPage() {
  const t = useTexts();
  const list = useUrlListState(prospectsList);
  const query = useClientFile({ ...list.apiQuery, kind: 'prospect' });
  const columns = useMemo(() => columnsOf(t), [t]);
  return (
    <Flex vertical gap={12} component="section" style={{ padding: 16, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t.prospection}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t.prospectionIntro}
      </Typography.Paragraph>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.prospection}
        rowHref={(p) => `/dashboard/clients/${p.id}`}
        search
        toolbar={
          <Space wrap>
            <Select
              aria-label={t.department}
              placeholder={t.allDepartments}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 200 }}
              options={DEPARTMENT_OPTIONS}
              value={list.state.filters.department}
              onChange={(v: string | undefined) => list.setFilter('department', v)}
            />
            <Select
              aria-label={t.pipe}
              placeholder={t.allPipes}
              allowClear
              style={{ minWidth: 160 }}
              options={PIPE_STATUSES.map((s) => ({ value: s, label: s }))}
              value={list.state.filters.pipe}
              onChange={(v: string | undefined) => list.setFilter('pipe', v)}
            />
          </Space>
        }
        texts={{ empty: t.noProspect, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
    </Flex>
  );
});
