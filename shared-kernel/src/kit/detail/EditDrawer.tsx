import { useCallback, useState, type ReactNode } from 'react';
import { Drawer } from 'antd';
import { confirmPopup, useLayoutMode } from 'shared-kernel/runtime';
import { kitTexts } from '../kit-texts';

export interface EditDrawerProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  /** The form has unsaved changes: closing asks first ('Vous avez des modifications non enregistrées…'). */
  dirty?: boolean;
  /** Buttons at the bottom (Annuler / Enregistrer). */
  footer?: ReactNode;
  /** Desktop width in px (default 520); full width on phones. */
  width?: number;
  children: ReactNode;
}

/** Edit-in-a-drawer: the form of an object opened beside its detail or its list row. The content unmounts when closed. */
export function EditDrawer({ open, title, onClose, dirty, footer, width = 520, children }: EditDrawerProps) {
  const t = kitTexts.useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const requestClose = useCallback(async () => {
    if (dirty) {
      const leave = await confirmPopup({
        title: t.unsavedTitle,
        content: t.unsavedText,
        okText: t.unsavedLeave,
        cancelText: t.unsavedStay,
        small: true,
      });
      if (!leave) return;
    }
    onClose();
  }, [dirty, onClose, t]);
  return (
    <Drawer
      open={open}
      title={title}
      placement="right"
      size={mobile ? '100%' : width}
      onClose={() => void requestClose()}
      destroyOnHidden
      footer={footer}
      closable={{ 'aria-label': t.close }}
    >
      {children}
    </Drawer>
  );
}

export interface EditDrawerState<T> {
  isOpen: boolean;
  /** What is edited (the row, the object), undefined for a creation. */
  target: T | undefined;
  open(target?: T): void;
  close(): void;
  /** Spread on EditDrawer: `{ open, onClose }`. */
  props: { open: boolean; onClose(): void };
}

/** Open/close state of an EditDrawer and the object it edits. */
export function useEditDrawer<T = undefined>(): EditDrawerState<T> {
  const [state, setState] = useState<{ open: boolean; target: T | undefined }>({ open: false, target: undefined });
  const open = useCallback((target?: T) => setState({ open: true, target }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return { isOpen: state.open, target: state.target, open, close, props: { open: state.open, onClose: close } };
}
