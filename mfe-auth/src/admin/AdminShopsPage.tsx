// /admin/shops — superAdmin: every shop with its owner, business type, modules on, creation and last activity (latest
// order or update); search (name, code, owner), business type and state in the URL. Suspend with a reason dialog,
// reopen after a confirmation; each write is audited by the api (GET /v1/admin/audit).
import { useMemo, useState } from 'react';
import { ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { confirmPopup } from 'shared-kernel/runtime';
import { shopColumns } from './console.columns';
import { adminShopsList } from './console.filters';
import { useAdminShops, useReopenShop, type AdminShop } from './console.queries';
import { useTexts } from './console.texts';
import { ConsolePage } from './ConsolePage';
import { SuspendShopDialog } from './SuspendShopDialog';

export default withQueryScope(function AdminShopsPage() {
  const t = useTexts();
  const list = useUrlListState(adminShopsList);
  const query = useAdminShops(list.apiQuery);
  const { mutate: reopen } = useReopenShop();
  const [suspending, setSuspending] = useState<AdminShop | null>(null);

  const columns = useMemo(
    () =>
      shopColumns(t, {
        onSuspend: setSuspending,
        onReopen: async (s) => {
          const ok = await confirmPopup({ title: t.reopenTitle(s.name), content: t.reopenText, okText: t.reopen, cancelText: t.cancel });
          // the api's message (done, or refused) shows as a snackbar; the list is refreshed
          if (ok) reopen(s.id);
        },
      }),
    [t, reopen],
  );

  return (
    <ConsolePage title={t.shops}>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.shops}
        search
        scrollX={1100}
        texts={{
          empty: t.shopsEmpty,
          emptyFiltered: t.shopsEmptyFiltered,
          total: t.shopsTotal,
          searchLabel: t.shopsSearch,
          searchPlaceholder: t.shopsPlaceholder,
        }}
      />
      <SuspendShopDialog shop={suspending} onClose={() => setSuspending(null)} />
    </ConsolePage>
  );
});
