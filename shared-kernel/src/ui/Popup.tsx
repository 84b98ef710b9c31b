import { Modal } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useLayoutMode } from '../runtime/layout-mode';
import { matchesKeyword } from '../validation/rules';
import { TypedKeywordConfirm } from './TypedKeywordConfirm';

export const POPUP_ERROR_COLOR = '#d32f2f';

export interface PopupProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  okText?: string;
  /** null hides the cancel button. */
  cancelText?: string | null;
  /** Error mode: title and validate button in red. */
  error?: boolean;
  /** Ok stays disabled until this word is typed (spaces and case ignored). */
  validationText?: string;
  /** Disable Ok, e.g. while a required input of the content is empty. */
  okDisabled?: boolean;
  /** Small popup, 350 px wide. */
  small?: boolean;
  /** Ok handler; a returned promise shows a spinner, the popup calls onClose when it resolves. */
  onOk?: () => void | Promise<void>;
  onCancel?: () => void;
  /** Called after Ok succeeded or on cancel. */
  onClose?: () => void;
  /** Hide the footer buttons entirely. */
  footer?: boolean;
}

/** Spec §9 popup width: 350 small, 100% on mobile, else 70%. */
export function popupWidth(mode: 'mobile' | 'tablet' | 'desktop', small?: boolean): number | string {
  if (mode === 'mobile') return '100%';
  return small ? 350 : '70%';
}

export function Popup({
  open,
  title,
  children,
  okText = 'Ok',
  cancelText = 'Annuler',
  error,
  validationText,
  okDisabled,
  small,
  onOk,
  onCancel,
  onClose,
  footer = true,
}: PopupProps) {
  const mode = useLayoutMode();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) setTyped('');
  }, [open]);

  const keywordOk = validationText ? matchesKeyword(typed, validationText) : true;
  const disabled = Boolean(okDisabled) || !keywordOk;

  const handleOk = async () => {
    if (disabled || busy) return;
    try {
      setBusy(true);
      await onOk?.();
      onClose?.();
    } catch {
      // The caller reports the failure (api client snackbar); keep the popup open.
    } finally {
      setBusy(false);
    }
  };
  const handleCancel = () => {
    if (busy) return;
    onCancel?.();
    onClose?.();
  };

  return (
    <Modal
      open={open}
      title={
        <span style={error ? { color: POPUP_ERROR_COLOR } : undefined} data-error={error ? 'true' : undefined}>
          {title}
        </span>
      }
      width={popupWidth(mode, small)}
      okText={okText}
      cancelText={cancelText ?? undefined}
      onOk={handleOk}
      onCancel={handleCancel}
      confirmLoading={busy}
      okButtonProps={{
        disabled,
        danger: Boolean(error),
        style: error && !disabled ? { background: POPUP_ERROR_COLOR, borderColor: POPUP_ERROR_COLOR } : undefined,
      }}
      cancelButtonProps={cancelText === null ? { style: { display: 'none' } } : undefined}
      footer={footer ? undefined : null}
      destroyOnHidden
      centered
    >
      {children}
      {validationText ? <TypedKeywordConfirm keyword={validationText} value={typed} onChange={setTyped} autoFocus /> : null}
    </Modal>
  );
}
