import type { ReactNode } from 'react';
import { create } from 'zustand';
import { singleton } from './singleton';

export interface PopupOptions {
  title: ReactNode;
  content?: ReactNode;
  /** Default 'Ok'. */
  okText?: string;
  /** Default 'Annuler'. Pass null to hide the cancel button. */
  cancelText?: string | null;
  /** Error mode: title and validate button in red. */
  error?: boolean;
  /** Typed-keyword confirmation: Ok stays disabled until this word is typed (spaces and case ignored). */
  validationText?: string;
  /** Small popup (350 px wide). */
  small?: boolean;
  /** Called on Ok; the popup stays open with a spinner while the promise runs and closes when it resolves. */
  onOk?: () => void | Promise<void>;
  onCancel?: () => void;
}

export interface PopupState {
  popup: (PopupOptions & { id: number }) | null;
  open(options: PopupOptions): number;
  close(): void;
}

function createPopupStore() {
  let nextId = 1;
  return create<PopupState>()((set) => ({
    popup: null,
    open(options) {
      const id = nextId++;
      set({ popup: { okText: 'Ok', cancelText: 'Annuler', ...options, id } });
      return id;
    },
    close() {
      set({ popup: null });
    },
  }));
}

/** The single global popup (the shell renders it with ui/GlobalPopup). */
export const usePopup = singleton('popup-store', createPopupStore);

/** Opens the global popup and resolves true on Ok (after onOk succeeded), false on cancel. */
export function confirmPopup(options: Omit<PopupOptions, 'onOk' | 'onCancel'> & { onOk?: PopupOptions['onOk'] }): Promise<boolean> {
  return new Promise((resolve) => {
    usePopup.getState().open({
      ...options,
      onOk: async () => {
        await options.onOk?.();
        resolve(true);
      },
      onCancel: () => resolve(false),
    });
  });
}
