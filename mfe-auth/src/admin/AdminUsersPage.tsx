import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Input, Table, Tag } from 'antd';
import { api, ApiError, confirmPopup, useSession } from 'shared-kernel/runtime';
import { fill, useTexts } from '../texts';

export interface AdminUser { id: number; username: string; email: string; role: string; disabled: boolean; createdAt: string; emailValidated: boolean }
interface AdminUserDetail extends AdminUser {
  firstname: string | null; lastname: string | null; phone: string | null; isPro: boolean; siret: string | null;
  shops: Array<{ id: number; name: string; code: string; kind: string }>;
}

const PAGE_SIZE = 20;

/** /admin/users — superAdmin: search, view, disable and re-enable accounts. */
export default function AdminUsersPage() {
  const t = useTexts();
  const a = t.admin;
  const role = (r: string) => a.roles[r] ?? r;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ items: AdminUser[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [detail, setDetail] = useState<AdminUserDetail | null>(null);
  const myId = useSession((s) => s.user?.id);

  const load = useCallback(async () => {
    setError(null);
    try {
      setData(await api.get('/admin/users', { query: { search: search || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, silent: true }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t.common.error);
    }
  }, [search, page, t.common.error]);
  useEffect(() => { void load(); }, [load]);

  const open = async (u: AdminUser) => {
    try { setDetail(await api.get<AdminUserDetail>(`/admin/users/${u.id}`, { silent: true })); } catch { /* ignored: list stays */ }
  };
  const toggle = async (u: AdminUser) => {
    const disabling = !u.disabled;
    const ok = await confirmPopup({
      title: disabling ? a.disableTitle : a.enableTitle,
      content: fill(disabling ? a.disableText : a.enableText, { email: u.email }),
      okText: disabling ? a.disable : a.enable,
      cancelText: t.common.cancel,
    });
    if (!ok) return;
    try {
      await api.put(`/admin/users/${u.id}/disabled`, { disabled: disabling });
      await load();
      if (detail?.id === u.id) setDetail({ ...detail, disabled: disabling });
    } catch { /* snackbar */ }
  };

  return (
    <div style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ fontSize: 24, margin: 0 }}>{a.title}</h1>
      <Input.Search
        aria-label={a.search}
        placeholder={a.searchPlaceholder}
        allowClear
        enterButton={a.searchButton}
        onSearch={(v) => { setPage(1); setSearch(v.trim()); }}
        style={{ maxWidth: 480 }}
      />
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      <Table<AdminUser>
        rowKey="id"
        loading={data === null && !error}
        dataSource={data?.items ?? []}
        locale={{ emptyText: a.empty }}
        scroll={{ x: 720 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: a.colName, dataIndex: 'username', render: (v: string, u) => <Button type="link" style={{ padding: 0 }} onClick={() => void open(u)}>{v}</Button> },
          { title: a.colEmail, dataIndex: 'email' },
          { title: a.colRole, dataIndex: 'role', render: (r: string) => role(r) },
          { title: a.colValidated, dataIndex: 'emailValidated', render: (v: boolean) => (v ? t.common.yes : t.common.no) },
          { title: a.colState, dataIndex: 'disabled', render: (d: boolean) => (d ? <Tag color="red">{a.disabled}</Tag> : <Tag color="green">{a.active}</Tag>) },
          { title: a.colAction, key: 'a', render: (_: unknown, u) => u.id === myId ? <span style={{ color: '#595959' }}>{a.yourAccount}</span> : <Button danger={!u.disabled} onClick={() => void toggle(u)}>{u.disabled ? a.enable : a.disable}</Button> },
        ]}
      />
      <Drawer open={detail !== null} onClose={() => setDetail(null)} title={detail?.username} size="default">
        {detail && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={a.colEmail}>{detail.email}</Descriptions.Item>
            <Descriptions.Item label={a.colRole}>{role(detail.role)}</Descriptions.Item>
            <Descriptions.Item label={a.fullName}>{[detail.firstname, detail.lastname].filter(Boolean).join(' ') || '-'}</Descriptions.Item>
            <Descriptions.Item label={a.phone}>{detail.phone || '-'}</Descriptions.Item>
            <Descriptions.Item label={a.professional}>{detail.isPro ? t.common.yes : t.common.no}</Descriptions.Item>
            <Descriptions.Item label={a.siret}>{detail.siret || '-'}</Descriptions.Item>
            <Descriptions.Item label={a.shops}>{detail.shops.length ? detail.shops.map((s) => `${s.name} (${s.code}, ${s.kind})`).join(', ') : '-'}</Descriptions.Item>
            <Descriptions.Item label={a.createdAt}>{new Date(detail.createdAt).toLocaleDateString(t.lang === 'en' ? 'en-GB' : 'fr-FR')}</Descriptions.Item>
            <Descriptions.Item label={a.colValidated}>{detail.emailValidated ? t.common.yes : t.common.no}</Descriptions.Item>
            <Descriptions.Item label={a.colState}>{detail.disabled ? a.disabled : a.active}</Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </div>
  );
}
