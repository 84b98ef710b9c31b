// Deleting the object a detail page shows, done the one way: a red confirmation popup, the deletion, the success
// snackbar, then back to its list — with the filters it was opened from, since the page itself no longer exists. A
// failure keeps the page and shows the api's French message (useAction).
import type { ReactNode } from 'react';
import { useNavigate } from 'shared-kernel/router';
import { useAction, type Action, type ActionOptions } from '../action/use-action';
import { useBackHref } from './DetailLayout';

export interface DeleteActionOptions<A extends unknown[], R> {
  /** the deletion (the resource's delete mutation) */
  run: (...args: A) => Promise<R>;
  /** the confirmation's question ('Supprimer ce fournisseur ?') */
  title: ReactNode;
  content?: ReactNode;
  /** the popup's confirm button; 'Ok' when absent */
  okText?: string;
  /** the snackbar once deleted: a text, or one read from the result (the api's message) */
  success: ActionOptions<A, R>['success'];
  /** the list the page belongs to ('/dashboard/suppliers'), as given to DetailLayout */
  backTo: string;
}

export function useDeleteAction<A extends unknown[], R>({
  run,
  title,
  content,
  okText,
  success,
  backTo,
}: DeleteActionOptions<A, R>): Action<A, R> {
  const navigate = useNavigate();
  const back = useBackHref(backTo);
  return useAction({
    run,
    confirm: { title, content, okText, danger: true },
    success,
    onDone: () => navigate(back),
  });
}
