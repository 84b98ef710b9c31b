// What both editors share: name and subject, save (server errors shown with the field they name), the live preview.
import { Alert, Button, Input, Space } from 'antd';
import { useRef, type ReactNode } from 'react';
import type { EmailModelDetail } from 'shared-kernel/contracts';
import { DetailLayout, errorMessage, useUnsavedChangesGuard } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { EmailPreview } from '../common/EmailPreview';
import { MergeFieldsMenu, insertAtCaret } from '../common/MergeFieldsMenu';
import { useDebounced } from './useDebounced';
import { useDraftPreview, useUpdateModel, type ModelInput } from './models.queries';
import { useTexts } from './texts';

export function EditorShell({
  model,
  draft,
  previewDraft,
  setMeta,
  dirty,
  onSaved,
  children,
}: {
  model: EmailModelDetail;
  draft: ModelInput;
  /** what the preview renders (default the draft) */
  previewDraft?: ModelInput;
  setMeta: (patch: Partial<Pick<ModelInput, 'name' | 'subject'>>) => void;
  dirty: boolean;
  onSaved: () => void;
  children: ReactNode;
}) {
  const t = useTexts();
  const update = useUpdateModel();
  const guard = useUnsavedChangesGuard(dirty);
  const shown = previewDraft ?? draft;
  const debounced = useDebounced({ kind: shown.kind, blocks: shown.blocks, html: shown.html });
  const preview = useDraftPreview(debounced);
  const subjectRef = useRef<HTMLInputElement>(null);
  return (
    <DetailLayout
      title={t.editorTitle(model.name)}
      backTo={`/dashboard/crm/models/${model.id}`}
      backLabel={t.back}
      actions={
        <Button
          type="primary"
          loading={update.isPending}
          onClick={async () => {
            try {
              await update.mutateAsync({ id: model.id, input: draft });
              notify.success(t.saved);
              guard.allowNavigation();
              onSaved();
            } catch (err) {
              const field = (err as { field?: string }).field;
              notify.error(field ? `${errorMessage(err)} (${field})` : errorMessage(err));
            }
          }}
        >
          {t.save}
        </Button>
      }
    >
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))', alignItems: 'start' }}>
        <div style={{ display: 'grid', gap: 12, minWidth: 0 }}>
          <label style={{ display: 'grid', gap: 4 }}>
            <span>{t.name}</span>
            <Input value={draft.name} onChange={(e) => setMeta({ name: e.target.value })} />
          </label>
          <label style={{ display: 'grid', gap: 4 }}>
            <span>{t.subject}</span>
            <Space.Compact>
              <input
                ref={subjectRef}
                className="ant-input"
                aria-label={t.subject}
                value={draft.subject ?? ''}
                onChange={(e) => setMeta({ subject: e.target.value })}
              />
              <MergeFieldsMenu onInsert={(tok) => setMeta({ subject: insertAtCaret(subjectRef.current, draft.subject ?? '', tok) })} />
            </Space.Compact>
          </label>
          {children}
        </div>
        <div style={{ minWidth: 0 }}>
          {preview.isError && <Alert type="error" showIcon message={errorMessage(preview.error, t.previewError)} />}
          <EmailPreview html={preview.data?.html} loading={preview.isLoading} />
        </div>
      </div>
    </DetailLayout>
  );
}
