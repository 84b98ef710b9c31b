// /dashboard/crm/models/:id/advanced: raw HTML, merge fields from a menu, the server's sanitised preview beside it.
import { useRef, useState } from 'react';
import type { EmailModelDetail } from 'shared-kernel/contracts';
import { QueryBoundary, useIdParam, withQueryScope } from 'shared-kernel/kit';
import { Navigate } from 'shared-kernel/router';
import { MergeFieldsMenu, insertAtCaret } from '../common/MergeFieldsMenu';
import { EditorShell } from './EditorShell';
import { useModel, type ModelInput } from './models.queries';
import { useTexts } from './texts';

const inputOf = (m: EmailModelDetail): ModelInput => ({ name: m.name, kind: 'advanced', subject: m.subject, blocks: [], html: m.html });

function Editor({ model }: { model: EmailModelDetail }) {
  const t = useTexts();
  const [draft, setDraft] = useState<ModelInput>(() => inputOf(model));
  const [dirty, setDirty] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const change = (patch: Partial<ModelInput>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  return (
    <EditorShell model={model} draft={draft} setMeta={change} dirty={dirty} onSaved={() => setDirty(false)}>
      <div style={{ display: 'grid', gap: 4 }}>
        <label htmlFor="model-html">{t.html}</label>
        <MergeFieldsMenu onInsert={(tok) => change({ html: insertAtCaret(ref.current, draft.html, tok) })} />
        <textarea
          id="model-html"
          ref={ref}
          className="ant-input"
          spellCheck={false}
          value={draft.html}
          onChange={(e) => change({ html: e.target.value })}
          style={{ minHeight: 480, fontFamily: 'monospace', fontSize: 13 }}
        />
      </div>
    </EditorShell>
  );
}

export default withQueryScope(function AdvancedEditorPage() {
  const t = useTexts();
  const id = useIdParam();
  const query = useModel(id);
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: '/dashboard/crm/models', backLabel: t.back, title: t.notFound }}>
      {(m) =>
        // an old link or a typed URL may name the other editor: this one would show the template empty (and save it
        // emptied), so go to the editor of the template's kind
        m.kind === 'advanced' ? <Editor model={m} /> : <Navigate replace to={`/dashboard/crm/models/${m.id}/${m.kind}`} />
      }
    </QueryBoundary>
  );
});
