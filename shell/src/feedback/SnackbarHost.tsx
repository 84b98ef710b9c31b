import { lazy, Suspense } from 'react';
import { useSnackbars } from 'shared-kernel/runtime';

// the list and its icons load with the first snackbar: pages that show none (the sign-in page) never download them
const SnackbarList = lazy(() => import('./SnackbarList'));

/**
 * Spec §8: snackbars 5 s (the store closes them), stacked 75 px apart from the top (below the
 * header, never over a drawer's or a form's bottom buttons), error = orange
 * with an alert icon, success = blue with a check icon, closable.
 */
export function SnackbarHost() {
  const count = useSnackbars((s) => s.items.length);
  if (count === 0) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarList />
    </Suspense>
  );
}
