import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Input, Table, Tag } from 'antd';
import { api, ApiError, confirmPopup, useSession } from 'shared-kernel/runtime';

export interface AdminUser { id: number; username: string; email: string; role: string; disabled: boolean; createdAt: string; emailValidated: boolean }
interface AdminUserDetail extends AdminUser {
  firstname: string | null; lastname: string | null; phone: string | null; isPro: boolean; siret: string | null;
  shops: Array<{ id: number; name: string; code: string; kind: string }>;
}

const ROLE_LABELS: Record<string, string> = { buyer: 'Acheteur', owner: 'Propriétaire', iam: 'Collaborateur', agent: 'Agent', superAdmin: 'Super admin' };
const PAGE_SIZE = 20;

/** /admin/users — superAdmin: search, view, disable and re-enable accounts. */
export default function AdminUsersPage() {
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
      setError(err instanceof ApiError ? err.message : 'Une erreur est survenue');
    }
  }, [search, page]);
  useEffect(() => { void load(); }, [load]);

  const open = async (u: AdminUser) => {
    try { setDetail(await api.get<AdminUserDetail>(`/admin/users/${u.id}`, { silent: true })); } catch { /* ignored: list stays */ }
  };
  const toggle = async (u: AdminUser) => {
    const disabling = !u.disabled;
    const ok = await confirmPopup({
      title: disabling ? 'Désactiver le compte ?' : 'Réactiver le compte ?',
      content: disabling ? `${u.email} ne pourra plus se connecter et ses sessions seront fermées.` : `${u.email} pourra de nouveau se connecter.`,
      okText: disabling ? 'Désactiver' : 'Réactiver',
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
      <h1 style={{ fontSize: 24, margin: 0 }}>Utilisateurs</h1>
      <Input.Search
        aria-label="Rechercher un utilisateur"
        placeholder="E-mail ou nom"
        allowClear
        enterButton="Rechercher"
        onSearch={(v) => { setPage(1); setSearch(v.trim()); }}
        style={{ maxWidth: 480 }}
      />
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      <Table<AdminUser>
        rowKey="id"
        loading={data === null && !error}
        dataSource={data?.items ?? []}
        locale={{ emptyText: 'Aucun utilisateur ne correspond' }}
        scroll={{ x: 720 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: 'Nom', dataIndex: 'username', render: (v: string, u) => <Button type="link" style={{ padding: 0 }} onClick={() => void open(u)}>{v}</Button> },
          { title: 'E-mail', dataIndex: 'email' },
          { title: 'Rôle', dataIndex: 'role', render: (r: string) => ROLE_LABELS[r] ?? r },
          { title: 'Mail validé', dataIndex: 'emailValidated', render: (v: boolean) => (v ? 'Oui' : 'Non') },
          { title: 'État', dataIndex: 'disabled', render: (d: boolean) => (d ? <Tag color="red">Désactivé</Tag> : <Tag color="green">Actif</Tag>) },
          { title: 'Action', key: 'a', render: (_: unknown, u) => u.id === myId ? <span style={{ color: '#888' }}>Votre compte</span> : <Button danger={!u.disabled} onClick={() => void toggle(u)}>{u.disabled ? 'Réactiver' : 'Désactiver'}</Button> },
        ]}
      />
      <Drawer open={detail !== null} onClose={() => setDetail(null)} title={detail?.username} size="default">
        {detail && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="E-mail">{detail.email}</Descriptions.Item>
            <Descriptions.Item label="Rôle">{ROLE_LABELS[detail.role] ?? detail.role}</Descriptions.Item>
            <Descriptions.Item label="Prénom / nom">{[detail.firstname, detail.lastname].filter(Boolean).join(' ') || '-'}</Descriptions.Item>
            <Descriptions.Item label="Téléphone">{detail.phone || '-'}</Descriptions.Item>
            <Descriptions.Item label="Professionnel">{detail.isPro ? 'Oui' : 'Non'}</Descriptions.Item>
            <Descriptions.Item label="SIRET">{detail.siret || '-'}</Descriptions.Item>
            <Descriptions.Item label="Boutiques">{detail.shops.length ? detail.shops.map((s) => `${s.name} (${s.code}, ${s.kind})`).join(', ') : '-'}</Descriptions.Item>
            <Descriptions.Item label="Créé le">{new Date(detail.createdAt).toLocaleDateString('fr-FR')}</Descriptions.Item>
            <Descriptions.Item label="État">{detail.disabled ? 'Désactivé' : 'Actif'}</Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </div>
  );
}
