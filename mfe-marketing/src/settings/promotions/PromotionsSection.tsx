// /dashboard/settings?link=promotions: the shop's promotion codes (the kit's list: search, status filter,
// uses), added and edited in a drawer, activated / deactivated, deleted while unused (the api deactivates a used one);
// read-only for an iam who may read them but not change them (section-access.ts).
import { Alert, Button, Popconfirm, Space, Tag } from 'antd';
import { PERMISSION_LABELS, type PromoCode } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import {
  EditDrawer,
  errorMessage,
  ResourceTable,
  useEditDrawer,
  useUrlListState,
  withQueryScope,
  type ColumnsFor,
} from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { PROMO_CODES_ACCESS, useAccess } from '../section-access';
import { promoCodesList } from './filters';
import { PromoCodeForm } from './PromoCodeForm';
import { useDeletePromoCode, usePromoCodes, useSetPromoCodeActive } from './promotions.queries';
import { texts, useTexts } from './texts';

const STATUS_COLOR = { active: 'green', scheduled: 'blue', expired: 'default', inactive: 'red' } as const;

function valueOf(c: PromoCode): string {
  const t = texts;
  if (c.kind === 'freeShipping') return t.kinds.freeShipping;
  return c.kind === 'percent' ? `${c.value} %` : formatCents(c.value);
}

function validityOf(c: PromoCode): string {
  const t = texts;
  const parts = [c.startsAt && t.from(formatDate(c.startsAt)), c.endsAt && t.until(formatDate(c.endsAt))].filter(Boolean);
  return parts.length ? parts.join(' ') : t.always;
}

/**
 * The codes for those who may read them (owner, iam with createCampaign or seeAllPrice), changed by those with
 * createCampaign; nothing, and no request, for the others.
 */
export const PromotionsSection = withQueryScope(function PromotionsSection() {
  const rights = useAccess(PROMO_CODES_ACCESS);
  return rights.read ? <PromoCodes canEdit={rights.write} /> : null;
});

function PromoCodes({ canEdit }: { canEdit: boolean }) {
  const t = useTexts();
  // the settings page's own `link` stays in the URL: the list's state has its prefix
  const list = useUrlListState(promoCodesList, { prefix: 'pc_' });
  const query = usePromoCodes(list.apiQuery);
  const drawer = useEditDrawer<PromoCode | null>();
  const setActive = useSetPromoCodeActive();
  const remove = useDeletePromoCode();
  const act = (p: Promise<{ message: string }>) =>
    p.then(
      (r) => notify.success(r.message),
      (err: unknown) => notify.error(errorMessage(err)),
    );

  const columns: ColumnsFor<PromoCode, typeof promoCodesList> = [
    { key: 'code', title: t.code, dataIndex: 'code', sortKey: 'code', cardTitle: true, render: (code: string) => <strong>{code}</strong> },
    { key: 'value', title: t.value, render: (_: unknown, c) => valueOf(c), csv: (c) => valueOf(c) },
    { key: 'validity', title: t.validity, sortKey: 'endsAt', render: (_: unknown, c) => validityOf(c), csv: (c) => validityOf(c) },
    { key: 'uses', title: t.uses, dataIndex: 'uses', render: (n: number, c) => (c.maxUses ? `${n} / ${c.maxUses}` : String(n)) },
    {
      key: 'status',
      title: t.status,
      dataIndex: 'status',
      filterKey: 'status',
      filterOptions: (['active', 'scheduled', 'expired', 'inactive'] as const).map((s) => ({ value: s, label: t.statuses[s] })),
      render: (s: PromoCode['status']) => <Tag color={STATUS_COLOR[s]}>{t.statuses[s]}</Tag>,
      csv: (c) => t.statuses[c.status],
    },
  ];
  const actions: ColumnsFor<PromoCode, typeof promoCodesList> = [
    {
      key: 'actions',
      title: t.actions,
      csv: false,
      render: (_: unknown, c) => (
        <Space wrap>
          <Button size="small" onClick={() => drawer.open(c)} aria-label={`${t.edit} ${c.code}`}>
            {t.edit}
          </Button>
          <Button
            size="small"
            onClick={() => void act(setActive.mutateAsync({ id: c.id, active: !c.active }))}
            aria-label={`${c.active ? t.deactivate : t.activate} ${c.code}`}
          >
            {c.active ? t.deactivate : t.activate}
          </Button>
          <Popconfirm title={t.removeTitle(c.code)} onConfirm={() => act(remove.mutateAsync(c.id) as Promise<{ message: string }>)}>
            <Button size="small" danger aria-label={`${t.remove} ${c.code}`}>
              {t.remove}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 1000 }}>
      <p style={{ margin: 0, color: '#555' }}>{t.intro}</p>
      {!canEdit && <Alert type="info" showIcon title={t.readOnly(PERMISSION_LABELS.createCampaign)} />}
      <ResourceTable
        list={list}
        query={query}
        columns={canEdit ? [...columns, ...actions] : columns}
        label={t.list}
        search
        toolbar={
          canEdit ? (
            <Button type="primary" onClick={() => drawer.open(null)}>
              {t.add}
            </Button>
          ) : undefined
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
      {canEdit && (
        <EditDrawer {...drawer.props} title={drawer.target ? t.editTitle : t.addTitle}>
          {drawer.isOpen && <PromoCodeForm key={drawer.target?.id ?? 'new'} code={drawer.target ?? undefined} onDone={drawer.close} />}
        </EditDrawer>
      )}
    </div>
  );
}
