// /dashboard/clients — the client file: tabs Tous / Particuliers / Professionnels / Prospects (the kind filter in the
// URL), the price-grid requests kept in their own tab (?view=requests), filters, search, bulk actions (agent, tag,
// « Ajouter à une liste » marketing, archive), CSV export.
import { useMemo, useState } from 'react';
import { Button, DatePicker, Flex, Input, InputNumber, Select, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import type { CrmClientListItem } from 'shared-kernel/contracts';
import { FRENCH_DEPARTMENTS, currentShopId, hasPermission } from 'shared-kernel/domain';
import { EditDrawer, LinkButton, ResourceTable, useAction, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { useSession } from 'shared-kernel/runtime';
import { ClientsView } from '../ClientsPage';
import { agentName, fetchClientFile, useBulkClients, useClientFile, useShopAgents, useTypologies } from '../crm.queries';
import { clientFileColumns } from './columns';
import { clientFileList } from './filters';
import { useTexts } from './texts';
import { AddToListModal } from './AddToListModal';
import { useCanAddToList } from './lists.queries';
import { ImportWizard } from '../import/ImportWizard';
import { ImportHistory } from '../import/ImportHistory';
import { useTexts as useImportTexts } from '../import/texts';

const KINDS = ['private', 'professional', 'prospect'] as const;
const DEPARTMENT_OPTIONS = FRENCH_DEPARTMENTS.map((d) => ({ value: d.value, label: `${d.value} — ${d.label}` }));

function BulkActions({
  rows,
  clear,
  agents,
}: {
  rows: CrmClientListItem[];
  clear: () => void;
  agents: { value: number; label: string }[] | null;
}) {
  const t = useTexts();
  const bulk = useBulkClients();
  const [agent, setAgent] = useState<number | undefined>();
  const [tag, setTag] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const canAddToList = useCanAddToList();
  const ids = rows.map((r) => r.id);
  const apply = useAction({
    run: (body: Parameters<typeof bulk.mutateAsync>[0]) => bulk.mutateAsync(body),
    success: (res) => res.message,
    onDone: clear,
  });
  const archive = useAction({
    run: () => bulk.mutateAsync({ ids, action: 'archive' }),
    confirm: { title: t.bulkArchiveConfirm(ids.length), content: t.bulkArchiveText, okText: t.bulkArchive },
    success: (res) => res.message,
    onDone: clear,
  });
  const pending = apply.pending || archive.pending;
  return (
    <Space wrap>
      {agents && (
        <Space.Compact>
          <Select
            aria-label={t.bulkAgentPick}
            placeholder={t.bulkAgentPick}
            style={{ minWidth: 180 }}
            options={agents}
            value={agent}
            onChange={setAgent}
          />
          <Button disabled={!agent || pending} onClick={() => void apply.run({ ids, action: 'assignAgent', value: agent ?? null })}>
            {t.bulkAgent}
          </Button>
        </Space.Compact>
      )}
      <Space.Compact>
        <Input
          aria-label={t.bulkTag}
          placeholder={t.bulkTag}
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          maxLength={50}
          style={{ width: 160 }}
        />
        <Button disabled={!tag.trim() || pending} onClick={() => void apply.run({ ids, action: 'addTag', value: tag.trim() })}>
          {t.bulkTagAdd}
        </Button>
      </Space.Compact>
      {canAddToList && (
        <>
          <Button onClick={() => setListOpen(true)}>{t.addToList}</Button>
          {listOpen && (
            <AddToListModal
              clientIds={ids}
              onClose={() => setListOpen(false)}
              onDone={() => {
                setListOpen(false);
                clear();
              }}
            />
          )}
        </>
      )}
      <Button danger disabled={pending} onClick={() => void archive.run()}>
        {t.bulkArchive}
      </Button>
    </Space>
  );
}

/** Euros typed, cents in the URL and the api query; applied on Enter or when the field is left. */
function SpentInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (cents: number | undefined) => void;
}) {
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const shown = draft !== undefined ? draft : value != null ? value / 100 : null;
  const apply = () => {
    if (draft === undefined) return;
    setDraft(undefined);
    onChange(draft == null ? undefined : Math.round(draft * 100));
  };
  return (
    <InputNumber<number>
      aria-label={label}
      placeholder={label}
      min={0}
      step={10}
      decimalSeparator=","
      style={{ width: 150 }}
      value={shown}
      onChange={(v) => setDraft(v)}
      onBlur={apply}
      onPressEnter={apply}
    />
  );
}

function ClientFileList() {
  const t = useTexts();
  const list = useUrlListState(clientFileList);
  const query = useClientFile(list.apiQuery);
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const role = user?.role;
  const staff = role === 'owner' || role === 'iam';
  // GET /agents answers 403 to an iam without accessAgent (§6): the agent filter and the bulk « attribuer » are not
  // offered to them, and the list is not asked for.
  const seesAgents = staff && hasPermission(user, currentShopId(user, shop), 'accessAgent');
  const typologies = useTypologies();
  const agentsQuery = useShopAgents(seesAgents);
  const typologyOptions = useMemo(() => (typologies.data ?? []).map((ty) => ({ value: ty.id, label: ty.name })), [typologies.data]);
  const agentOptions = useMemo(
    () => (seesAgents && agentsQuery.data ? agentsQuery.data.map((a) => ({ value: a.id, label: agentName(a) })) : null),
    [seesAgents, agentsQuery.data],
  );
  const columns = useMemo(() => clientFileColumns(typologyOptions, agentOptions), [typologyOptions, agentOptions]);
  const kind = list.state.filters.kind;
  const addHref =
    kind === 'professional'
      ? '/dashboard/clients/add?isPro=true'
      : kind === 'prospect'
        ? '/dashboard/clients/add?pipe=Prospect'
        : '/dashboard/clients/add';
  const [tagDraft, setTagDraft] = useState<string | null>(null);
  const canImport = !!user && staff && hasPermission(user, currentShopId(user, shop), 'createClient');
  const [drawer, setDrawer] = useState<'import' | 'history' | null>(null);
  const ti = useImportTexts();
  const f = list.state.filters;

  return (
    <ResourceTable
      list={list}
      query={query}
      columns={columns}
      label={t.list}
      rowHref={(c) => `/dashboard/clients/${c.id}`}
      search
      exportCsv={{ filename: 'clients', fetchPage: fetchClientFile }}
      selection={{ actions: (rows, clear) => <BulkActions rows={rows} clear={clear} agents={agentOptions} /> }}
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
          <Input.Search
            aria-label={t.tagFilter}
            placeholder={t.tagFilter}
            allowClear
            style={{ width: 180 }}
            value={tagDraft ?? list.state.filters.tag ?? ''}
            onChange={(e) => setTagDraft(e.target.value)}
            onSearch={(v) => {
              setTagDraft(null);
              list.setFilter('tag', v.trim() || undefined);
            }}
          />
          <Select
            aria-label={t.status}
            style={{ minWidth: 120 }}
            options={[
              { value: 'active', label: t.statuses.active },
              { value: 'archived', label: t.statuses.archived },
              { value: 'erased', label: t.statuses.erased },
            ]}
            value={list.state.filters.status ?? 'active'}
            onChange={(v: 'active' | 'archived' | 'erased') => list.setFilter('status', v === 'active' ? undefined : v)}
          />
          <DatePicker.RangePicker
            aria-label={t.lastOrderRange}
            placeholder={[t.lastOrderStart, t.lastOrderEnd]}
            format="DD/MM/YYYY"
            allowEmpty={[true, true]}
            value={[f.lastOrderFrom ? dayjs(f.lastOrderFrom) : null, f.lastOrderTo ? dayjs(f.lastOrderTo) : null]}
            onChange={(range) => {
              list.setFilters({ lastOrderFrom: range?.[0]?.format('YYYY-MM-DD'), lastOrderTo: range?.[1]?.format('YYYY-MM-DD') });
            }}
          />
          <SpentInput label={t.spentMin} value={f.spentMin} onChange={(v) => list.setFilter('spentMin', v)} />
          <SpentInput label={t.spentMax} value={f.spentMax} onChange={(v) => list.setFilter('spentMax', v)} />
          {canImport && (
            <>
              <Button onClick={() => setDrawer('import')}>{t.importAction}</Button>
              <Button onClick={() => setDrawer('history')}>{t.importsHistory}</Button>
            </>
          )}
          <LinkButton type="primary" to={addHref}>
            {kind === 'professional' ? t.addPro : kind === 'prospect' ? t.addProspect : t.add}
          </LinkButton>
          <EditDrawer
            open={drawer !== null}
            width={960}
            title={drawer === 'history' ? ti.historyTitle : ti.title}
            onClose={() => setDrawer(null)}
          >
            {drawer === 'import' && <ImportWizard onClose={() => setDrawer(null)} />}
            {drawer === 'history' && <ImportHistory />}
          </EditDrawer>
        </Space>
      }
      texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
      scrollX={960}
    />
  );
}

export default withQueryScope(function ClientsListPage() {
  const t = useTexts();
  const [params, setParams] = useSearchParams();
  const role = useSession((s) => s.user?.role);
  const staff = role === 'owner' || role === 'iam';
  const view = staff && params.get('view') === 'requests' ? 'requests' : null;
  const kind = params.get('kind');
  const active = view ?? (KINDS.includes(kind as (typeof KINDS)[number]) ? (kind as string) : 'all');
  const items = [
    { key: 'all', label: t.tabs.all },
    ...KINDS.map((k) => ({ key: k, label: t.tabs[k] })),
    ...(staff ? [{ key: 'requests', label: t.tabs.requests }] : []),
  ];
  return (
    <Flex vertical gap={12} component="section" style={{ padding: 16, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t.title}
      </Typography.Title>
      <Tabs
        activeKey={active}
        items={items}
        // a tab is a fresh list: its kind (or the requests view) only, page 1
        onChange={(key) => setParams(key === 'all' ? {} : key === 'requests' ? { view: 'requests' } : { kind: key })}
      />
      {view === 'requests' ? <ClientsView embedded /> : <ClientFileList />}
    </Flex>
  );
});
