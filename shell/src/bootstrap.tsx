import { createRoot } from 'react-dom/client';
import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { lazy, Suspense } from 'react';

async function main() {
  const reg = await (await fetch('/remotes.json')).json();
  registerRemotes(reg.remotes.map((r: { name: string; entry: string }) => ({ name: r.name.replace(/-/g, '_'), entry: r.entry })));
  const Page = lazy(async () => {
    const mod = (await loadRemote<{ default: { pages: Record<string, React.ComponentType> } }>('mfe_auth/module'))!;
    return { default: mod.default.pages['/auth'] };
  });
  createRoot(document.getElementById('root')!).render(<Suspense fallback="…"><Page /></Suspense>);
}
main();
