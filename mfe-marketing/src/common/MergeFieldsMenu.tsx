// The §3 merge fields, inserted as `{{key}}` from a menu (keyboard: the dropdown button opens with Enter / Space).
import { Button, Dropdown } from 'antd';
import { MERGE_FIELDS } from 'shared-kernel/contracts';
import { useCommonTexts } from './texts';

export function MergeFieldsMenu({ onInsert, disabled }: { onInsert: (token: string) => void; disabled?: boolean }) {
  const t = useCommonTexts();
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{
        items: MERGE_FIELDS.map((f) => ({ key: f.key, label: `${f.label} — {{${f.key}}}` })),
        onClick: ({ key }) => onInsert(`{{${key}}}`),
      }}
    >
      <Button aria-label={t.insertField}>{t.mergeFields}</Button>
    </Dropdown>
  );
}

/** Inserts `token` into a textarea's value at its caret (or at the end). */
export function insertAtCaret(el: HTMLTextAreaElement | HTMLInputElement | null, value: string, token: string): string {
  if (!el || el.selectionStart == null) return value + token;
  const start = el.selectionStart;
  const end = el.selectionEnd ?? start;
  return value.slice(0, start) + token + value.slice(end);
}
