// /dashboard/crm/models/:id/standard: the block editor with the live desktop / phone preview (MJML rendered and
// sanitised by the server, shown in a sandboxed iframe).
import { useState } from 'react';
import type { EmailModelDetail } from 'shared-kernel/contracts';
import { QueryBoundary, useIdParam, withQueryScope } from 'shared-kernel/kit';
import { Navigate } from 'shared-kernel/router';
import { BlockEditor } from './BlockEditor';
import { EditorShell } from './EditorShell';
import { useModel, type ModelInput } from './models.queries';
import { useTexts } from './texts';

/** Blocks that are not complete yet (a product not chosen, an url being typed) stay out of the preview. */
const ready = (d: ModelInput): ModelInput => ({
  ...d,
  blocks: d.blocks.filter(
    (b) =>
      !(b.type === 'product' && !b.productId) &&
      !(
        (b.type === 'image' || b.type === 'button') &&
        !/^(https?|ftp):\/\/[^\s"'<>]+$|^mailto:|^tel:/i.test(b.type === 'image' ? b.src : b.href)
      ),
  ),
});

function Editor({ model }: { model: EmailModelDetail }) {
  const [draft, setDraft] = useState<ModelInput>(() => ({
    name: model.name,
    kind: 'standard',
    subject: model.subject,
    blocks: model.blocks,
    html: '',
  }));
  const [dirty, setDirty] = useState(false);
  const change = (patch: Partial<ModelInput>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  return (
    <EditorShell model={model} draft={draft} previewDraft={ready(draft)} setMeta={change} dirty={dirty} onSaved={() => setDirty(false)}>
      <BlockEditor blocks={draft.blocks} onChange={(blocks) => change({ blocks })} />
    </EditorShell>
  );
}

export default withQueryScope(function StandardEditorPage() {
  const t = useTexts();
  const id = useIdParam();
  const query = useModel(id);
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: '/dashboard/crm/models', backLabel: t.back, title: t.notFound }}>
      {(m) =>
        // an old link or a typed URL may name the other editor: this one would show the template empty (and save it
        // emptied), so go to the editor of the template's kind
        m.kind === 'standard' ? <Editor model={m} /> : <Navigate replace to={`/dashboard/crm/models/${m.id}/${m.kind}`} />
      }
    </QueryBoundary>
  );
});
