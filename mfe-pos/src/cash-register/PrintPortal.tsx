import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * What « Imprimer » prints: a copy of `children` placed right under <body> (hidden on screen and from assistive
 * technologies, the on-screen preview being the real one). The print stylesheet (cash-register.css) then hides every
 * other child of <body>, wherever the till is mounted in the page (the shell's layout, a parcel, a standalone till).
 */
export function PrintPortal({ children }: { children: ReactNode }) {
  if (typeof document === 'undefined') return null;
  return createPortal(
    <div className="wz-print-portal" aria-hidden="true">
      {children}
    </div>,
    document.body,
  );
}
