import { useEffect, useRef, type ReactNode } from 'react';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';

/** A light temporary drawer (no antd): backdrop, Escape closes, focus moves inside. */
export function Drawer({
  open,
  onClose,
  label,
  children,
  side = 'left',
  width = 280,
}: {
  open: boolean;
  onClose: () => void;
  label: string;
  children: ReactNode;
  side?: 'left' | 'right';
  width?: number | string;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    panel.current?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="wz-drawer">
      <div className="wz-drawer__backdrop" onClick={onClose} aria-hidden />
      <div
        ref={panel}
        className={`wz-drawer__panel wz-drawer__panel--${side}`}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        style={{ width }}
      >
        <button type="button" className="wz-icon-btn wz-drawer__close" aria-label="Fermer le menu" onClick={onClose}>
          <CloseOutlined aria-hidden />
        </button>
        {children}
      </div>
    </div>
  );
}
