// The detail of an account (GET /v1/admin/users/:id) in a drawer over the list.
import { Alert, Descriptions, Drawer, Skeleton } from 'antd';
import { errorMessage } from 'shared-kernel/kit';
import { useTexts } from '../texts';
import { useTexts as useAdminTexts } from './texts';
import { useAdminUser } from './admin-users.queries';

export function AdminUserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useTexts();
  const a = useAdminTexts();
  const role = (r: string) => a.roles[r] ?? r;
  const query = useAdminUser(id);
  const detail = id !== null ? query.data : undefined;
  return (
    <Drawer open={id !== null} onClose={onClose} title={detail?.username} size="default">
      {id !== null && query.isError && !detail ? (
        <Alert type="error" showIcon role="alert" title={errorMessage(query.error, t.common.error)} />
      ) : !detail ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={a.colEmail}>{detail.email}</Descriptions.Item>
          <Descriptions.Item label={a.colRole}>{role(detail.role)}</Descriptions.Item>
          <Descriptions.Item label={a.fullName}>{[detail.firstname, detail.lastname].filter(Boolean).join(' ') || '-'}</Descriptions.Item>
          <Descriptions.Item label={a.phone}>{detail.phone || '-'}</Descriptions.Item>
          <Descriptions.Item label={a.professional}>{detail.isPro ? t.common.yes : t.common.no}</Descriptions.Item>
          <Descriptions.Item label={a.siret}>{detail.siret || '-'}</Descriptions.Item>
          <Descriptions.Item label={a.shops}>
            {detail.shops.length ? detail.shops.map((s) => `${s.name} (${s.code}, ${s.kind})`).join(', ') : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={a.createdAt}>
            {new Date(detail.createdAt).toLocaleDateString(t.lang === 'en' ? 'en-GB' : 'fr-FR')}
          </Descriptions.Item>
          <Descriptions.Item label={a.colValidated}>{detail.emailValidated ? t.common.yes : t.common.no}</Descriptions.Item>
          <Descriptions.Item label={a.colState}>{detail.disabled ? a.disabled : a.active}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
