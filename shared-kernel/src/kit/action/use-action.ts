// A button's action done the one way: asked for confirmation when it cannot be undone, then run, then told — the success
// in a snackbar (a fixed text or the api's own message), a failure with the api's French message. A screen never
// writes its own try / notify.error again; the action never throws, so an onClick can call it as it is.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { confirmPopup, notify } from 'shared-kernel/runtime';
import { errorMessage } from '../errors';

export interface ActionConfirm {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  /** red title and button: deleting, erasing, cancelling */
  danger?: boolean;
  /** the word to type before Ok is enabled (the gravest actions) */
  validationText?: string;
}

export interface ActionOptions<A extends unknown[], R> {
  run: (...args: A) => Promise<R>;
  /** asked before running; the popup stays open with a spinner while the action runs */
  confirm?: ActionConfirm | ((...args: A) => ActionConfirm);
  /** the snackbar once done: a text, or one read from the result (the api's message); nothing when absent */
  success?: string | ((result: R) => string | null | undefined);
  /** the error snackbar when the api gives no message */
  errorFallback?: string;
  /** after a success (e.g. leave the page, close a drawer) */
  onDone?: (result: R) => void;
}

export interface Action<A extends unknown[], R> {
  /** runs the action (after confirmation); resolves with its result, or undefined when cancelled or failed */
  run: (...args: A) => Promise<R | undefined>;
  pending: boolean;
}

export function useAction<A extends unknown[], R>(options: ActionOptions<A, R>): Action<A, R> {
  const [pending, setPending] = useState(false);
  // the latest options: a screen passes a new object each render, the returned `run` stays the same
  const latest = useRef(options);
  latest.current = options;

  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    const o = latest.current;
    const attempt = async (): Promise<R | undefined> => {
      setPending(true);
      try {
        const result = await o.run(...args);
        const text = typeof o.success === 'function' ? o.success(result) : o.success;
        if (text) notify.success(text);
        o.onDone?.(result);
        return result;
      } catch (err) {
        notify.error(errorMessage(err, o.errorFallback));
        return undefined;
      } finally {
        setPending(false);
      }
    };
    if (!o.confirm) return attempt();
    const c = typeof o.confirm === 'function' ? o.confirm(...args) : o.confirm;
    let result: R | undefined;
    const ok = await confirmPopup({
      title: c.title,
      content: c.content,
      okText: c.okText,
      error: c.danger,
      validationText: c.validationText,
      onOk: async () => {
        result = await attempt();
      },
    });
    return ok ? result : undefined;
  }, []);

  return { run, pending };
}
