import { getSession, releaseFirstPaint } from 'shared-kernel/runtime';
import { isChunkLoadError, reloadOnceForChunkError } from './feedback/chunk-reload';
import { fetchRegistry } from './remotes/registry';

/** Chunk-load failures outside React (rejected dynamic imports) also reload, at most once a minute. */
function installChunkErrorHandlers() {
  window.addEventListener('unhandledrejection', (e) => {
    if (isChunkLoadError(e.reason)) reloadOnceForChunkError();
  });
  window.addEventListener('error', (e) => {
    if (isChunkLoadError(e.error)) reloadOnceForChunkError();
  });
}

/**
 * The gateway's first paint of a shop page (shared-kernel runtime/first-paint.ts) is the anonymous view: a signed-in
 * visitor gets the app at once. Otherwise the shop page removes it once its own content is on screen; whatever
 * happens, it goes after FIRST_PAINT_MAX_MS so #root is never hidden for good.
 */
const FIRST_PAINT_MAX_MS = 10_000;
function settleFirstPaint() {
  if (getSession().jwt) releaseFirstPaint();
  else setTimeout(releaseFirstPaint, FIRST_PAINT_MAX_MS);
}

/**
 * Hands the main thread back between the start's heavy steps. Evaluating i18next, react-dom and the app for the
 * first time costs a few hundred milliseconds on a phone: in one task it blocks input (Total Blocking Time), in
 * several the page showing the gateway's first paint can answer in between.
 */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function main() {
  installChunkErrorHandlers();
  settleFirstPaint();
  const registry = fetchRegistry(); // on the network meanwhile
  registry.catch(() => undefined); // awaited below
  await yieldToMain();
  const { initI18n } = await import('shared-kernel/i18n');
  initI18n();
  await yieldToMain();
  const { createRoot } = await import('react-dom/client');
  await yieldToMain();
  // eager: in this chunk (no request of its own), evaluated only now
  const start = await import(/* webpackMode: "eager" */ './start');
  const root = createRoot(document.getElementById('root')!);
  try {
    const loaded = await registry;
    await yieldToMain();
    start.renderApp(root, loaded);
  } catch (err) {
    console.error('[shell] cannot start', err);
    start.renderBootError(root);
  }
}

void main();
