import { useSyncExternalStore } from 'react';

export type LayoutMode = 'mobile' | 'tablet' | 'desktop';

/** Spec §9 breakpoints: mobile up to 600 px, tablet up to 1280 px, desktop above. */
export const BREAKPOINTS = { mobile: 600, tablet: 1280, medium: 960, sidebarFullWidthBelow: 1400 } as const;

export function layoutModeFor(width: number): LayoutMode {
  if (width <= BREAKPOINTS.mobile) return 'mobile';
  if (width <= BREAKPOINTS.tablet) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const snapshot = (): LayoutMode => layoutModeFor(typeof window === 'undefined' ? 1920 : window.innerWidth);

/** Current layout mode, re-rendering only when the mode (not every pixel) changes. */
export function useLayoutMode(): LayoutMode {
  return useSyncExternalStore(subscribe, snapshot, () => 'desktop');
}
