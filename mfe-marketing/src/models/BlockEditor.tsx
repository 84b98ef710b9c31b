// The blocks of a standard template: heading, rich text, image, button, product card, divider, two columns; moved,
// removed, added from a menu; merge fields inserted where the caret is. The text block is the kit's rich-text editor
// (§9 sizes, headings and fonts; its HTML sanitised by the §5 rules before it reaches the template).
import { Button, Card, Dropdown, Input, Select, Space } from 'antd';
import { useId, useRef, useState } from 'react';
import type { EmailBlock, EmailBlockType } from 'shared-kernel/contracts';
import { errorMessage, RichTextEditor, type RichTextEditorHandle } from 'shared-kernel/kit';
import { MergeFieldsMenu, insertAtCaret } from '../common/MergeFieldsMenu';
import { uploadTemplateImage, useProductSearch } from './models.queries';
import { useTexts } from './texts';

const TYPES: EmailBlockType[] = ['heading', 'text', 'image', 'button', 'product', 'divider', 'columns'];
let seq = 0;
const newId = () => `b${Date.now().toString(36)}${(seq++).toString(36)}`;

export function newBlock(type: EmailBlockType): EmailBlock {
  const id = newId();
  switch (type) {
    case 'heading':
      return { id, type, text: 'Titre', level: 2 };
    case 'text':
      return { id, type, html: '<p>Bonjour {{firstname}},</p>' };
    case 'image':
      return { id, type, src: 'https://', alt: '' };
    case 'button':
      return { id, type, label: 'Découvrir', href: 'https://' };
    case 'product':
      return { id, type, productId: 0 };
    case 'divider':
      return { id, type };
    case 'columns':
      return { id, type, left: '<p>Colonne de gauche</p>', right: '<p>Colonne de droite</p>' };
  }
}

function TextWithFields({
  label,
  value,
  onChange,
  rows = 4,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  rows?: number;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <label style={{ display: 'grid', gap: 4 }}>
      <span>{label}</span>
      <textarea ref={ref} className="ant-input" rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />
      <MergeFieldsMenu onInsert={(tok) => onChange(insertAtCaret(ref.current, value, tok))} />
    </label>
  );
}

/** Rich text with the merge-field menu in its toolbar: a field goes where the caret is, as `{{key}}`. */
function RichTextWithFields({ label, value, onChange }: { label: string; value: string; onChange: (html: string) => void }) {
  const ref = useRef<RichTextEditorHandle>(null);
  const labelId = useId();
  return (
    <div style={{ display: 'grid', gap: 4, minWidth: 0 }}>
      <span id={labelId}>{label}</span>
      <RichTextEditor
        ref={ref}
        aria-labelledby={labelId}
        value={value}
        onChange={onChange}
        extraToolbar={<MergeFieldsMenu onInsert={(tok) => ref.current?.insertText(tok)} />}
      />
    </div>
  );
}

/** « Téléverser une image »: the file goes to the api, the block takes the answered address. */
function ImageUpload({ onUploaded }: { onUploaded: (src: string) => void }) {
  const t = useTexts().blocks;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onUploaded((await uploadTemplateImage(file)).url);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-label={t.upload}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button onClick={() => input.current?.click()} loading={busy} aria-describedby={error ? errorId : undefined}>
        {busy ? t.uploading : t.upload}
      </Button>{' '}
      <span style={{ color: 'rgba(0,0,0,.55)' }}>{t.uploadHint}</span>
      {error && (
        <div id={errorId} role="alert" style={{ color: '#a8071a' }}>
          {error}
        </div>
      )}
    </div>
  );
}

function ProductPicker({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const t = useTexts();
  const [q, setQ] = useState('');
  const products = useProductSearch(q);
  return (
    <label style={{ display: 'grid', gap: 4 }}>
      <span>{t.blocks.productLabel}</span>
      <Select
        showSearch
        aria-label={t.blocks.productLabel}
        placeholder={t.blocks.productSearch}
        filterOption={false}
        onSearch={setQ}
        value={value || undefined}
        onChange={(v) => onChange(Number(v))}
        loading={products.isFetching}
        options={products.data?.items.map((p) => ({ value: p.id, label: p.name })) ?? []}
      />
    </label>
  );
}

function Fields({ block, set }: { block: EmailBlock; set: (b: EmailBlock) => void }) {
  const t = useTexts().blocks;
  switch (block.type) {
    case 'heading':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select
            aria-label={t.level}
            value={block.level}
            onChange={(level) => set({ ...block, level })}
            options={[1, 2, 3, 4, 5, 6].map((n) => ({ value: n, label: t.levels(n) }))}
          />
          <TextWithFields label={t.headingText} rows={1} value={block.text} onChange={(text) => set({ ...block, text })} />
        </Space>
      );
    case 'text':
      return <RichTextWithFields label={t.richText} value={block.html} onChange={(html) => set({ ...block, html })} />;
    case 'image':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input aria-label={t.src} placeholder={t.src} value={block.src} onChange={(e) => set({ ...block, src: e.target.value })} />
          <ImageUpload onUploaded={(src) => set({ ...block, src })} />
          <Input aria-label={t.alt} placeholder={t.alt} value={block.alt} onChange={(e) => set({ ...block, alt: e.target.value })} />
          <Input
            aria-label={t.href}
            placeholder={t.href}
            value={block.href ?? ''}
            onChange={(e) => set({ ...block, href: e.target.value || undefined })}
          />
        </Space>
      );
    case 'button':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input
            aria-label={t.label}
            placeholder={t.label}
            value={block.label}
            onChange={(e) => set({ ...block, label: e.target.value })}
          />
          <Input aria-label={t.href} placeholder={t.href} value={block.href} onChange={(e) => set({ ...block, href: e.target.value })} />
        </Space>
      );
    case 'product':
      return <ProductPicker value={block.productId} onChange={(productId) => set({ ...block, productId })} />;
    case 'divider':
      return null;
    case 'columns':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <RichTextWithFields label={t.left} value={block.left} onChange={(left) => set({ ...block, left })} />
          <RichTextWithFields label={t.right} value={block.right} onChange={(right) => set({ ...block, right })} />
        </Space>
      );
  }
}

export function BlockEditor({ blocks, onChange }: { blocks: EmailBlock[]; onChange: (b: EmailBlock[]) => void }) {
  const t = useTexts().blocks;
  const move = (i: number, d: -1 | 1) => {
    const next = [...blocks];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    onChange(next);
  };
  return (
    <div style={{ display: 'grid', gap: 8 }} data-testid="block-editor">
      {!blocks.length && <p>{t.empty}</p>}
      {blocks.map((b, i) => (
        <Card
          key={b.id ?? i}
          size="small"
          title={t[b.type]}
          extra={
            <Space>
              <Button size="small" aria-label={t.moveUp} disabled={i === 0} onClick={() => move(i, -1)}>
                ↑
              </Button>
              <Button size="small" aria-label={t.moveDown} disabled={i === blocks.length - 1} onClick={() => move(i, 1)}>
                ↓
              </Button>
              <Button size="small" danger aria-label={t.remove} onClick={() => onChange(blocks.filter((_, j) => j !== i))}>
                ✕
              </Button>
            </Space>
          }
        >
          <Fields block={b} set={(nb) => onChange(blocks.map((x, j) => (j === i ? nb : x)))} />
        </Card>
      ))}
      <Dropdown
        trigger={['click']}
        menu={{
          items: TYPES.map((type) => ({ key: type, label: t[type] })),
          onClick: ({ key }) => onChange([...blocks, newBlock(key as EmailBlockType)]),
        }}
      >
        <Button>{t.add}</Button>
      </Dropdown>
    </div>
  );
}
