// /admin/users — superAdmin: search, view, disable and re-enable accounts. A kit list (ResourceTable): search (q),
// page, page size, sort and the role / state filters in the URL; a row (or its name) opens the account's detail.
// The admin layout may load antd and the kit; the /auth screens never reach this folder (lean.test.ts).
import { useMemo, useState } from 'react';
import { Flex, Input, Typography, theme } from 'antd';
import { ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { confirmPopup, useSession } from 'shared-kernel/runtime';
import { useTexts } from '../texts';
import { useTexts as useAdminTexts } from './texts';
import { adminUserColumns } from './admin-users.columns';
import { adminUsersList } from './admin-users.filters';
import { useAdminUsers, useSetUserDisabled, type AdminUser } from './admin-users.queries';
import { AdminUserDrawer } from './AdminUserDrawer';

export type { AdminUser } from './admin-users.queries';

export default withQueryScope(function AdminUsersPage() {
  const { common } = useTexts();
  const a = useAdminTexts();
  const { token } = theme.useToken();
  const myId = useSession((s) => s.user?.id);
  const list = useUrlListState(adminUsersList);
  const query = useAdminUsers(list.apiQuery);
  const { mutate: setDisabled } = useSetUserDisabled();
  const [openId, setOpenId] = useState<number | null>(null);
  // what is typed in the search box until it is submitted (null: the URL's q)
  const [draft, setDraft] = useState<string | null>(null);

  const columns = useMemo(() => {
    const toggle = async (u: AdminUser) => {
      const disabling = !u.disabled;
      const ok = await confirmPopup({
        title: disabling ? a.disableTitle : a.enableTitle,
        content: (disabling ? a.disableText : a.enableText)(u.email),
        okText: disabling ? a.disable : a.enable,
        cancelText: common.cancel,
      });
      // the api's message (done, or refused) shows as a snackbar; the list and the detail are refreshed
      if (ok) setDisabled({ id: u.id, disabled: disabling });
    };
    return adminUserColumns({ a, common, myId, onOpen: (u) => setOpenId(u.id), onToggle: (u) => void toggle(u) });
  }, [a, common, myId, setDisabled]);

  return (
    <Flex vertical gap={16} style={{ padding: token.padding }}>
      <Typography.Title level={1} style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>
        {a.title}
      </Typography.Title>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={a.title}
        onRowOpen={(u) => setOpenId(u.id)}
        scrollX={720}
        toolbar={
          // the search of this page: submitted with Enter or its button (the URL's q, pushed to the history)
          <Input.Search
            aria-label={a.search}
            placeholder={a.searchPlaceholder}
            allowClear
            enterButton={a.searchButton}
            value={draft ?? list.state.q}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={(v) => {
              setDraft(null);
              list.update({ q: v.trim() });
            }}
            style={{ maxWidth: 480 }}
          />
        }
        texts={{ empty: a.empty, emptyFiltered: a.empty }}
      />
      <AdminUserDrawer id={openId} onClose={() => setOpenId(null)} />
    </Flex>
  );
});
