import { ApiError } from 'shared-kernel/runtime';

/** A 4xx answer of the api: an answer, not a hiccup (never retried). */
export function isClientError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * 404 (unknown id), 403 (another shop's object) and 400 (malformed id) all mean the same thing to the user: this page
 * does not exist for them (shown with `ResourceNotFound`).
 */
export function isNotFoundError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400);
}

/** The api's message of an error, else `fallback`. */
export function errorMessage(error: unknown, fallback = 'Une erreur est survenue'): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

type RetryOption = boolean | number | ((failureCount: number, error: unknown) => boolean) | undefined;

/**
 * react-query `retry` that never retries a 4xx and otherwise follows `base` (the QueryClient's default: the shell
 * retries once, the test harness never).
 */
export function retryUnlessClientError(base: RetryOption = 1): (failureCount: number, error: unknown) => boolean {
  return (failureCount, error) => {
    if (isClientError(error)) return false;
    if (typeof base === 'function') return base(failureCount, error);
    if (typeof base === 'number') return failureCount < base;
    return base === true ? failureCount < 3 : false;
  };
}
