import { createRoot } from 'react-dom/client';
import { initI18n } from 'shared-kernel/i18n';
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

async function main() {
  installChunkErrorHandlers();
  initI18n();
  registerShellTexts();
  const root = createRoot(document.getElementById('root')!);
  try {
    const registry = await fetchRegistry();
    registerRegistry(registry);
    root.render(<App shell={createShell(registry, federationLoader)} />);
  } catch (err) {
    console.error('[shell] cannot start', err);
    root.render(<BootError />);
  }
}

void main();
