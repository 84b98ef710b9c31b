// A form's repeated rows (a react-hook-form field array) shown the one way: a labelled <ol> of items, each with its own
// fields and its ↑ ↓ ✕ buttons (named after the item, so a screen reader says which row they act on), the text shown
// when the list is empty, the error the schema puts on the list itself, and the « add » button, disabled at the maximum.
// The item decides where its buttons go (a fieldset's corner, the end of a row): they come as `item.actions`.
import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { kitTexts } from '../kit-texts';

/** What useFieldArray returns, as far as the list needs it: the rows, and remove / move for the item buttons. */
export interface EditableListArray<F> {
  fields: readonly F[];
  remove: (index: number) => void;
  move?: (from: number, to: number) => void;
}

/** An error on the list itself: a text, or react-hook-form's error of the array (its message or its root's). */
export type EditableListError = string | { message?: string; root?: { message?: string } } | null | undefined;

export interface EditableListItem {
  /** the item's ↑ ↓ ✕ buttons (null when read-only); placed by renderItem */
  actions: ReactNode;
  /** how many items the list holds */
  count: number;
}

export interface EditableListAdd {
  label: ReactNode;
  /** appends the new item (useFieldArray's append, with shouldFocus or focusName so the keyboard lands in it) */
  onAdd: () => void;
  /** the button is disabled once the list holds this many items */
  max?: number;
  disabled?: boolean;
  /** hidden rather than disabled once the list is full */
  hideWhenFull?: boolean;
  /** an accessible name when several lists share the same visible label */
  ariaLabel?: string;
  /** the tooltip once the list is full ('20 lignes au maximum'); none by default */
  fullTitle?: string;
  size?: 'small' | 'middle';
  style?: CSSProperties;
}

export interface EditableListRemove {
  /** the button's accessible name, given the item's index; default « Retirer l'élément n » */
  label?: (index: number) => string;
  /** what the button shows; default ✕ */
  text?: ReactNode | ((index: number) => ReactNode);
  /** the accessible name as a tooltip too (an icon-only button) */
  title?: boolean;
  /** the button is disabled while the list holds no more than this many items */
  min?: number;
  /** instead of removing the row only (e.g. to move a 'default' flag to another row) */
  onRemove?: (index: number) => void;
}

export interface EditableListMove {
  /** accessible names of ↑ and ↓ given the item's index; default « Monter / Descendre l'élément n » */
  upLabel?: (index: number) => string;
  downLabel?: (index: number) => string;
}

export interface EditableListProps<F> {
  array: EditableListArray<F>;
  /** the field that keys each row: useFieldArray's keyName, default 'id' */
  keyName?: string;
  /** the <ol>'s accessible name */
  label: string;
  renderItem: (field: F, index: number, item: EditableListItem) => ReactNode;
  /** shown above the (empty) list when it holds no item */
  empty?: ReactNode;
  error?: EditableListError;
  /** the « add » button; none when absent */
  add?: EditableListAdd;
  remove?: EditableListRemove;
  /** ↑ ↓ buttons, when the order matters (needs array.move) */
  move?: EditableListMove | boolean;
  /** every button disabled (the fields are the item's own) */
  disabled?: boolean;
  /** no ✕, ↑, ↓ nor « add » at all */
  readOnly?: boolean;
  /** size of the item buttons */
  size?: 'small' | 'middle';
  /** space between items, default 12 */
  gap?: number;
  /** style of the box around an item's buttons */
  actionsStyle?: CSSProperties;
}

const ERROR_COLOR = 'var(--ant-color-error, #b42318)';

function errorText(error: EditableListError): string | undefined {
  if (!error) return undefined;
  if (typeof error === 'string') return error;
  return error.message ?? error.root?.message;
}

type PendingFocus = { kind: 'remove'; index: number } | { kind: 'up' | 'down'; index: number };

export function EditableList<F>({
  array,
  keyName = 'id',
  label,
  renderItem,
  empty,
  error,
  add,
  remove = {},
  move,
  disabled = false,
  readOnly = false,
  size,
  gap = 12,
  actionsStyle,
}: EditableListProps<F>) {
  const t = kitTexts.useTexts().editableList;
  const listId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // where the keyboard goes once the list has re-rendered: the pressed button is gone (✕) or just got disabled (↑ at the
  // top, ↓ at the bottom), and the focus must not fall back to the page's start
  const pendingFocus = useRef<PendingFocus | null>(null);
  const count = array.fields.length;
  const moves = move && array.move ? (move === true ? {} : move) : null;
  const message = errorText(error);
  const full = add?.max !== undefined && count >= add.max;

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const button = (kind: string, index: number) =>
      listRef.current?.querySelector<HTMLButtonElement>(`[data-editable-list="${listId}"][data-action="${kind}-${index}"]:not(:disabled)`);
    const target =
      pending.kind === 'remove'
        ? (button('remove', Math.min(pending.index, count - 1)) ?? addRef.current)
        : button(pending.kind === 'up' ? 'down' : 'up', pending.index);
    target?.focus();
  });

  const labelOf = (fn: ((index: number) => string) | undefined, fallback: (n: number) => string, index: number) =>
    fn ? fn(index) : fallback(index + 1);

  const actionsOf = (index: number): ReactNode => {
    if (readOnly) return null;
    const data = (action: string) => ({ 'data-editable-list': listId, 'data-action': `${action}-${index}` });
    const removeLabel = labelOf(remove.label, t.remove, index);
    const text = typeof remove.text === 'function' ? remove.text(index) : remove.text;
    return (
      <Flex gap={4} wrap style={actionsStyle}>
        {moves && (
          <>
            <Button
              {...data('up')}
              size={size}
              aria-label={labelOf(moves.upLabel, t.moveUp, index)}
              disabled={disabled || index === 0}
              onClick={() => {
                if (index === 1) pendingFocus.current = { kind: 'up', index: 0 };
                array.move!(index, index - 1);
              }}
            >
              ↑
            </Button>
            <Button
              {...data('down')}
              size={size}
              aria-label={labelOf(moves.downLabel, t.moveDown, index)}
              disabled={disabled || index === count - 1}
              onClick={() => {
                if (index === count - 2) pendingFocus.current = { kind: 'down', index: count - 1 };
                array.move!(index, index + 1);
              }}
            >
              ↓
            </Button>
          </>
        )}
        <Button
          {...data('remove')}
          size={size}
          danger
          aria-label={removeLabel}
          title={remove.title ? removeLabel : undefined}
          disabled={disabled || (remove.min !== undefined && count <= remove.min)}
          onClick={() => {
            pendingFocus.current = { kind: 'remove', index };
            if (remove.onRemove) remove.onRemove(index);
            else array.remove(index);
          }}
        >
          {text ?? '✕'}
        </Button>
      </Flex>
    );
  };

  return (
    <>
      {!count && empty ? <p>{empty}</p> : null}
      <ol ref={listRef} style={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap }} aria-label={label}>
        {array.fields.map((field, index) => (
          <li key={String((field as Record<string, unknown>)[keyName] ?? index)}>
            {renderItem(field, index, { actions: actionsOf(index), count })}
          </li>
        ))}
      </ol>
      {message ? (
        <div role="alert" style={{ color: ERROR_COLOR, marginBlock: 8 }}>
          {message}
        </div>
      ) : null}
      {add && !readOnly && !(full && add.hideWhenFull) ? (
        <Button
          ref={addRef}
          size={add.size}
          style={add.style ?? { marginTop: 12 }}
          aria-label={add.ariaLabel}
          title={full ? add.fullTitle : undefined}
          disabled={disabled || add.disabled || full}
          onClick={add.onAdd}
        >
          {add.label}
        </Button>
      ) : null}
    </>
  );
}
