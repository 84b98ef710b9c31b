// The app itself (router, layouts' frame, the federation runtime's registration): evaluated by bootstrap.tsx once
// React and i18n are in place, in a task of its own.
import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import type { RemotesRegistry } from 'shared-kernel/contracts';
import { App } from './app/App';
import { createShell } from './app/create-shell';
import { BootError } from './feedback/BootError';
import { federationLoader, registerRegistry } from './remotes/federation';

export function renderApp(root: Root, registry: RemotesRegistry): void {
  registerRegistry(registry);
  // A transition: React renders the app in slices of a few milliseconds instead of one long task, so a phone
  // showing the gateway's first paint stays responsive while the app takes over behind it.
  startTransition(() => root.render(<App shell={createShell(registry, federationLoader)} />));
}

export function renderBootError(root: Root): void {
  root.render(<BootError />);
}
