// /dashboard/crm/models/:id: the template rendered with sample values, its editor, deletion.
import { Button, Popconfirm, Space } from 'antd';
import { DetailLayout, DetailSection, LinkButton, QueryBoundary, useIdParam, withQueryScope, useAction } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { EmailPreview } from '../common/EmailPreview';
import { useDeleteModel, useModel, useModelPreview } from './models.queries';
import { useTexts } from './texts';

export default withQueryScope(function ModelDetailPage() {
  const t = useTexts();
  const id = useIdParam();
  const query = useModel(id);
  const preview = useModelPreview(query.data ? id : null);
  const del = useDeleteModel();
  const navigate = useNavigate();
  const removing = useAction({
    run: (modelId: number) => del.mutateAsync(modelId),
    success: t.removed,
    onDone: () => navigate('/dashboard/crm/models'),
  });
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: '/dashboard/crm/models', backLabel: t.back, title: t.notFound }}>
      {(m) => (
        <DetailLayout
          title={m.name}
          backTo="/dashboard/crm/models"
          backLabel={t.back}
          actions={
            <Space wrap>
              <LinkButton type="primary" to={`/dashboard/crm/models/${m.id}/${m.kind}`}>
                {t.openEditor}
              </LinkButton>
              <Popconfirm title={t.removeConfirm} okText={t.remove} cancelText="Annuler" onConfirm={() => removing.run(m.id)}>
                <Button danger>{t.remove}</Button>
              </Popconfirm>
            </Space>
          }
          side={
            <DetailSection title={t.kind}>
              {t.kinds[m.kind]}
              <br />
              {t.subject} : {m.subject ?? '—'}
            </DetailSection>
          }
        >
          <DetailSection title={t.preview}>
            {preview.isError ? (
              <p role="alert">{t.previewError}</p>
            ) : (
              <EmailPreview html={preview.data?.html} loading={preview.isLoading} />
            )}
          </DetailSection>
        </DetailLayout>
      )}
    </QueryBoundary>
  );
});
