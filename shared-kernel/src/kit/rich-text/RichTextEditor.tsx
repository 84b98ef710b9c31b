// Size: the editor and its toolbar (sizes, headings, fonts, colours, alignment, lists, links) over one Tiptap instance;
// every control reads and commands that instance.
// The rich-text editor of the back office (spec §5 and §9): Tiptap v3 under a compact antd toolbar. What it
// hands to onChange has been through the §5 sanitiser (shared-kernel/ui sanitizeRichText): the same rules the api applies
// to an email. French first (kit-texts), every control named and reachable with the keyboard, the toolbar wraps on phones.
//
//   const editor = useRef<RichTextEditorHandle>(null);
//   <RichTextEditor ref={editor} aria-label="Texte" value={html} onChange={setHtml} extraToolbar={<Menu onPick={(t) => editor.current?.insertText(t)} />} />
import AlignCenterOutlined from '@ant-design/icons/es/icons/AlignCenterOutlined';
import AlignLeftOutlined from '@ant-design/icons/es/icons/AlignLeftOutlined';
import AlignRightOutlined from '@ant-design/icons/es/icons/AlignRightOutlined';
import BgColorsOutlined from '@ant-design/icons/es/icons/BgColorsOutlined';
import BoldOutlined from '@ant-design/icons/es/icons/BoldOutlined';
import FontColorsOutlined from '@ant-design/icons/es/icons/FontColorsOutlined';
import ItalicOutlined from '@ant-design/icons/es/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import OrderedListOutlined from '@ant-design/icons/es/icons/OrderedListOutlined';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import StrikethroughOutlined from '@ant-design/icons/es/icons/StrikethroughOutlined';
import UnderlineOutlined from '@ant-design/icons/es/icons/UnderlineOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import { TextAlign } from '@tiptap/extension-text-align';
import { TextStyleKit } from '@tiptap/extension-text-style';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { Button, ColorPicker, Input, Popover, Select, Space, theme } from 'antd';
import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { normalizeRichTextLink, RICH_TEXT_DEFAULT_SIZE, RICH_TEXT_FONTS, RICH_TEXT_SIZES, richTextFontOf } from 'shared-kernel/domain';
import { sanitizeRichText } from 'shared-kernel/ui';
import { kitTexts } from '../kit-texts';

/** What a parent can do with the editor (the merge-field menus insert `{{key}}` where the caret is). */
export interface RichTextEditorHandle {
  /** Inserts plain text at the caret (replacing the selection), with the formatting around it; at the end of the text
   *  when the editor has not been clicked yet. */
  insertText(text: string): void;
  focus(): void;
  readonly editor: Editor | null;
}

export interface RichTextEditorProps {
  /** HTML (sanitised again on the way in). */
  value: string;
  /** The sanitised HTML after each change ('' when the text is empty). */
  onChange(html: string): void;
  /** id of the editable area (for a <label htmlFor> or aria-describedby). */
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  placeholder?: string;
  /** Controls added at the end of the toolbar (a merge-field menu…). */
  extraToolbar?: ReactNode;
  /** The Tiptap editor once created (null when destroyed). */
  editorRef?: (editor: Editor | null) => void;
  ref?: Ref<RichTextEditorHandle>;
}

type BlockType = 'p' | `h${1 | 2 | 3 | 4 | 5 | 6}`;
const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
type Align = 'left' | 'center' | 'right' | 'justify';

const PRESET_COLORS = [
  '#000000',
  '#434343',
  '#666666',
  '#999999',
  '#ffffff',
  '#7b1e3a',
  '#c0392b',
  '#e67e22',
  '#f1c40f',
  '#27ae60',
  '#16a085',
  '#2980b9',
  '#8e44ad',
  '#f4e1c1',
  '#fde2e4',
  '#e2f0cb',
];

/** One set of extensions for every editor (a stable identity: see useEditor's options below). */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [...HEADING_LEVELS] },
    code: false,
    codeBlock: false,
    // no empty paragraph forced after a final heading (an email would show it as a blank line)
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
      // §5: http, https, ftp, mailto and tel only, whatever the way in (typed, pasted, loaded)
      isAllowedUri: (url) => normalizeRichTextLink(url) === url.trim(),
    },
  }),
  TextStyleKit,
  TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'] }),
];

/**
 * A toolbar button's look when its format is on. The button keeps one antd type (a change of type remounts the
 * <button>, and a keyboard user would lose the focus on it).
 */
function useActiveStyle(active: boolean | undefined) {
  const { token } = theme.useToken();
  return active ? { background: token.controlItemBgActive, color: token.colorPrimary } : undefined;
}

/** A <span> left with no attribute (its style refused by the sanitiser) is only noise: its content takes its place. */
function unwrapBareSpans(html: string): string {
  if (!html.includes('<span>')) return html;
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  for (const span of tpl.content.querySelectorAll('span')) if (!span.attributes.length) span.replaceWith(...span.childNodes);
  return tpl.innerHTML;
}

/** The sanitised HTML of the editor; '' for an empty text. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : unwrapBareSpans(sanitizeRichText(editor.getHTML())));

function ToolButton({
  label,
  icon,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  const activeStyle = useActiveStyle(active);
  return (
    <Button
      size="small"
      type="text"
      style={activeStyle}
      icon={icon}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // a click keeps the caret and the selection in the text (the keyboard path refocuses the text in the command)
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    />
  );
}

function LinkControl({ editor, active }: { editor: Editor; active: boolean }) {
  const t = kitTexts.useTexts().richText;
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const activeStyle = useActiveStyle(active);

  const show = (next: boolean) => {
    if (next) {
      setUrl((editor.getAttributes('link').href as string | undefined) ?? '');
      setError(null);
    }
    setOpen(next);
  };
  const apply = () => {
    if (!url.trim()) return remove();
    const href = normalizeRichTextLink(url);
    if (!href) {
      setError(t.linkInvalid);
      return;
    }
    const chain = editor.chain().focus();
    // no text selected: the address itself becomes the link's text
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.extendMarkRange('link').setLink({ href }).run();
    setOpen(false);
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={show}
      destroyOnHidden
      content={
        <Space orientation="vertical" size={4} style={{ width: 260, maxWidth: '80vw' }}>
          <Input
            size="small"
            autoFocus
            aria-label={t.linkUrl}
            placeholder="https://"
            value={url}
            status={error ? 'error' : undefined}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(null);
            }}
            onPressEnter={(e) => {
              e.preventDefault();
              apply();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setOpen(false);
            }}
          />
          {error && (
            <div id={errorId} role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)', fontSize: 12 }}>
              {error}
            </div>
          )}
          <Space size={4} wrap>
            <Button size="small" type="primary" onClick={apply}>
              {t.linkApply}
            </Button>
            {active && (
              <Button size="small" onClick={remove}>
                {t.linkRemove}
              </Button>
            )}
          </Space>
        </Space>
      }
    >
      <Button
        size="small"
        type="text"
        style={activeStyle}
        icon={<LinkOutlined />}
        aria-label={t.link}
        title={t.link}
        aria-pressed={active}
        aria-haspopup="dialog"
        aria-expanded={open}
      />
    </Popover>
  );
}

function ColorControl({
  label,
  icon,
  value,
  onPick,
  onClear,
}: {
  label: string;
  icon: ReactNode;
  value: string | null;
  onPick: (hex: string) => void;
  onClear: () => void;
}) {
  const palette = kitTexts.useTexts().richText.palette;
  return (
    <ColorPicker
      size="small"
      value={value}
      allowClear
      format="hex"
      presets={[{ label: palette, colors: PRESET_COLORS, defaultOpen: true }]}
      // #rrggbb, or rgba() for a translucent colour (both within §5's colour rule)
      onChange={(c) => onPick(c.toRgb().a < 1 ? c.toRgbString() : c.toHexString())}
      onClear={onClear}
    >
      <Button
        size="small"
        type="text"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        icon={icon}
        style={{ borderBottom: `3px solid ${value ?? 'transparent'}` }}
      />
    </ColorPicker>
  );
}

export function RichTextEditor({
  value,
  onChange,
  id,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  placeholder,
  extraToolbar,
  editorRef,
  ref,
}: RichTextEditorProps) {
  const t = kitTexts.useTexts().richText;
  const { token } = theme.useToken();
  const autoId = useId();
  const contentId = id ?? `rich-text-${autoId.replace(/:/g, '')}`;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The last HTML handed to onChange: a value prop equal to it is our own echo, not a new text. */
  const lastEmitted = useRef(value);
  /** What was handed to onChange since the parent last caught up: a render of the parent may still carry one of these
   *  older echoes while the typing goes on, and must not take the text back to it. */
  const pendingEchoes = useRef(new Set<string>());
  /** Whether the text has had the focus once (before that, an insertion goes to the end). */
  const touched = useRef(false);

  const attributes = useMemo(() => {
    const attrs: Record<string, string> = {
      id: contentId,
      role: 'textbox',
      'aria-multiline': 'true',
      class: 'wz-rich-text__content',
      style: 'min-height: 120px; padding: 6px 11px; outline: none; line-height: 1.5; overflow-wrap: anywhere',
    };
    if (ariaLabelledBy) attrs['aria-labelledby'] = ariaLabelledBy;
    else attrs['aria-label'] = ariaLabel ?? t.editor;
    if (placeholder) attrs['aria-placeholder'] = placeholder;
    return attrs;
  }, [contentId, ariaLabel, ariaLabelledBy, placeholder, t.editor]);
  // useEditor hands options that changed to the editor on each render (a change of name, id or language): they must keep
  // their identity otherwise, or every render would reset the view in the middle of the typing
  const editorProps = useMemo(() => ({ attributes, transformPastedHTML: sanitizeRichText }), [attributes]);
  const [initialContent] = useState(() => sanitizeRichText(value));

  const editor = useEditor({
    immediatelyRender: true,
    editorProps,
    shouldRerenderOnTransaction: false,
    extensions: EXTENSIONS,
    content: initialContent,
    onFocus: () => {
      touched.current = true;
    },
    onSelectionUpdate: () => {
      touched.current = true;
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      lastEmitted.current = html;
      if (pendingEchoes.current.size > 100) pendingEchoes.current.clear();
      pendingEchoes.current.add(html);
      onChangeRef.current(html);
    },
  });

  // a new text from outside (a template loaded, a reset): replaces the content without echoing it back
  useEffect(() => {
    if (editor.isDestroyed) return;
    if (value === lastEmitted.current) {
      pendingEchoes.current.clear();
      return;
    }
    if (pendingEchoes.current.has(value)) return;
    pendingEchoes.current.clear();
    lastEmitted.current = value;
    editor.commands.setContent(sanitizeRichText(value), { emitUpdate: false });
    touched.current = false;
  }, [editor, value]);

  useEffect(() => {
    editorRef?.(editor);
    return () => editorRef?.(null);
  }, [editor, editorRef]);

  useImperativeHandle(
    ref,
    () => ({
      insertText(text: string) {
        if (editor.isDestroyed || !text) return;
        editor
          .chain()
          .focus(touched.current ? null : 'end')
          .command(({ tr }) => {
            tr.insertText(text);
            return true;
          })
          .run();
      },
      focus() {
        editor.commands.focus();
      },
      get editor() {
        return editor.isDestroyed ? null : editor;
      },
    }),
    [editor],
  );

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const style = e.getAttributes('textStyle') as { fontSize?: string; fontFamily?: string; color?: string; backgroundColor?: string };
      const level = e.isActive('heading') ? Number(e.getAttributes('heading').level) : 0;
      const size = /^(\d+)px$/.exec(style.fontSize ?? '')?.[1];
      return {
        block: (level ? `h${level}` : 'p') as BlockType,
        size: size ? Number(size) : RICH_TEXT_DEFAULT_SIZE,
        font: richTextFontOf(style.fontFamily)?.value ?? '',
        color: style.color ?? null,
        background: style.backgroundColor ?? null,
        bold: e.isActive('bold'),
        italic: e.isActive('italic'),
        underline: e.isActive('underline'),
        strike: e.isActive('strike'),
        align: ((['center', 'right', 'justify'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left') as Align,
        bullet: e.isActive('bulletList'),
        ordered: e.isActive('orderedList'),
        link: e.isActive('link'),
        canUndo: e.can().undo(),
        canRedo: e.can().redo(),
        empty: e.isEmpty,
        focused: e.isFocused,
      };
    },
  });

  const run = () => editor.chain().focus();
  const setBlock = (b: BlockType) => {
    if (b === 'p') editor.chain().setParagraph().run();
    else
      editor
        .chain()
        .setHeading({ level: Number(b.slice(1)) as (typeof HEADING_LEVELS)[number] })
        .run();
  };
  const setSize = (n: number) => {
    if (n === RICH_TEXT_DEFAULT_SIZE) editor.chain().unsetFontSize().run();
    else editor.chain().setFontSize(`${n}px`).run();
  };
  const setFont = (f: string) => {
    if (f) editor.chain().setFontFamily(f).run();
    else editor.chain().unsetFontFamily().run();
  };
  const aligns: { value: Align; label: string; icon: ReactNode }[] = [
    { value: 'left', label: t.alignLeft, icon: <AlignLeftOutlined /> },
    { value: 'center', label: t.alignCenter, icon: <AlignCenterOutlined /> },
    { value: 'right', label: t.alignRight, icon: <AlignRightOutlined /> },
    { value: 'justify', label: t.alignJustify, icon: <MenuOutlined /> },
  ];

  return (
    <div
      className="wz-rich-text"
      style={{
        border: `1px solid ${state.focused ? token.colorPrimary : token.colorBorder}`,
        boxShadow: state.focused ? `0 0 0 2px ${token.colorPrimaryBg}` : undefined,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        minWidth: 0,
      }}
    >
      <div
        role="toolbar"
        aria-label={t.toolbar}
        aria-controls={contentId}
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 4,
          padding: 4,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Select
          size="small"
          aria-label={t.blockType}
          value={state.block}
          onChange={setBlock}
          style={{ width: 118 }}
          popupMatchSelectWidth={false}
          options={[
            { value: 'p', label: t.paragraph },
            ...HEADING_LEVELS.map((n) => ({ value: `h${n}` as BlockType, label: t.heading(n) })),
          ]}
        />
        <Select
          size="small"
          aria-label={t.size}
          title={t.size}
          value={state.size}
          onChange={setSize}
          style={{ width: 70 }}
          virtual={false}
          options={RICH_TEXT_SIZES.map((n) => ({ value: n, label: String(n) }))}
        />
        <Select
          size="small"
          aria-label={t.font}
          value={state.font}
          onChange={setFont}
          style={{ width: 150 }}
          virtual={false}
          popupMatchSelectWidth={false}
          options={[
            { value: '', label: t.defaultFont },
            ...RICH_TEXT_FONTS.map((f) => ({
              value: f.value,
              label: <span style={{ fontFamily: f.value }}>{f.label}</span>,
              title: f.label,
            })),
          ]}
        />
        <ToolButton label={t.bold} icon={<BoldOutlined />} active={state.bold} onClick={() => run().toggleBold().run()} />
        <ToolButton label={t.italic} icon={<ItalicOutlined />} active={state.italic} onClick={() => run().toggleItalic().run()} />
        <ToolButton
          label={t.underline}
          icon={<UnderlineOutlined />}
          active={state.underline}
          onClick={() => run().toggleUnderline().run()}
        />
        <ToolButton label={t.strike} icon={<StrikethroughOutlined />} active={state.strike} onClick={() => run().toggleStrike().run()} />
        <ColorControl
          label={t.color}
          icon={<FontColorsOutlined />}
          value={state.color}
          onPick={(c) => editor.chain().setColor(c).run()}
          onClear={() => editor.chain().unsetColor().run()}
        />
        <ColorControl
          label={t.background}
          icon={<BgColorsOutlined />}
          value={state.background}
          onPick={(c) => editor.chain().setBackgroundColor(c).run()}
          onClear={() => editor.chain().unsetBackgroundColor().run()}
        />
        {aligns.map((a) => (
          <ToolButton
            key={a.value}
            label={a.label}
            icon={a.icon}
            active={state.align === a.value}
            onClick={() => run().setTextAlign(a.value).run()}
          />
        ))}
        <ToolButton
          label={t.bulletList}
          icon={<UnorderedListOutlined />}
          active={state.bullet}
          onClick={() => run().toggleBulletList().run()}
        />
        <ToolButton
          label={t.orderedList}
          icon={<OrderedListOutlined />}
          active={state.ordered}
          onClick={() => run().toggleOrderedList().run()}
        />
        <LinkControl editor={editor} active={state.link} />
        <ToolButton label={t.undo} icon={<UndoOutlined />} disabled={!state.canUndo} onClick={() => run().undo().run()} />
        <ToolButton label={t.redo} icon={<RedoOutlined />} disabled={!state.canRedo} onClick={() => run().redo().run()} />
        {extraToolbar}
      </div>
      <div style={{ position: 'relative' }}>
        {placeholder && state.empty && (
          <div
            aria-hidden
            style={{ position: 'absolute', top: 6, left: 11, right: 11, color: token.colorTextPlaceholder, pointerEvents: 'none' }}
          >
            {placeholder}
          </div>
        )}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
