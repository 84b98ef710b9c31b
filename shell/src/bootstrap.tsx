import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from 'shared-kernel/i18n';
import { getSession, releaseFirstPaint } from 'shared-kernel/runtime';
import { App } from './app/App';
import { createShell } from './app/create-shell';
import { registerShellTexts } from './app/i18n';
import { BootError } from './feedback/BootError';
import { isChunkLoadError, reloadOnceForChunkError } from './feedback/chunk-reload';
import { federationLoader, registerRegistry } from './remotes/federation';
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

async function main() {
  installChunkErrorHandlers();
  settleFirstPaint();
  initI18n();
  registerShellTexts();
  const root = createRoot(document.getElementById('root')!);
  try {
    const registry = await fetchRegistry();
    registerRegistry(registry);
    // A transition: React renders the app in slices of a few milliseconds instead of one long task, so a phone
    // showing the gateway's first paint stays responsive while the app takes over behind it.
    startTransition(() => root.render(<App shell={createShell(registry, federationLoader)} />));
  } catch (err) {
    console.error('[shell] cannot start', err);
    root.render(<BootError />);
  }
}

void main();
