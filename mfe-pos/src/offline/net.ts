/**
 * What the till does with a failed call. « The api cannot be reached » — no network, a dead proxy, a
 * server restarting — is worth waiting for: the ticket is kept and sent again later with the same idempotency key.
 * A refusal (a 4xx naming what is wrong) is an answer: retrying the same ticket would get the same answer.
 */
import { ApiError, NETWORK_ERROR_MESSAGE } from 'shared-kernel/runtime';

/** Gateway errors: the api behind the proxy is down or restarting. */
const GATEWAY = new Set([502, 503, 504]);
/** 4xx that are not about the ticket: the session expired (401), a slow network (408), throttling (429). */
const TRANSIENT_4XX = new Set([401, 408, 429]);

/** No answer from the api: a network failure (fetch TypeError / ApiError status 0), a timeout or a 502/503/504. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 || GATEWAY.has(error.status);
  if (error instanceof TypeError) return true; // fetch's « Failed to fetch » / « NetworkError … »
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'NetworkError';
}

/** A real refusal of the ticket by the api (4xx but 401/408/429): shown to the cashier, never retried blindly. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && !TRANSIENT_4XX.has(error.status);
}

/** The message to keep or show for an error. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (isUnreachable(error)) return NETWORK_ERROR_MESSAGE;
  return error instanceof Error && error.message ? error.message : String(error);
}

/** Rejects with an unreachable error (ApiError 0) when `promise` has not settled after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  if (!Number.isFinite(ms) || ms <= 0) return promise;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ApiError(0, NETWORK_ERROR_MESSAGE)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
