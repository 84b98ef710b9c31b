// What the shell knows of the other remotes, for a remote page that shows their contributions (DESIGN §8): the
// settings page of mfe-auth lists the settings sections every remote declares and renders one lent by another remote.
// The shell fills it from /remotes.json when it starts (createShell); a remote reads it, never writes it.
import { create } from 'zustand';
import type { ParsedSettingsSectionMeta, RemoteModule } from '../contracts';
import { singleton } from './singleton';

/** A settings section of the registry with the Module Federation name of the remote that lends it ('mfe_sales'). */
export type SettingsSectionEntry = ParsedSettingsSectionMeta & { remote: string };

export interface RemoteContributions {
  /** Every settings section the remotes declare, smallest `order` first; empty outside the shell (a remote's tests). */
  settingsSections: readonly SettingsSectionEntry[];
  /** Loads a remote's `./module` (the shell's cache: loaded once, 'Module indisponible' when it fails). */
  loadModule(remote: string): Promise<RemoteModule>;
  /** The module when already loaded (renders without a loading flash). */
  peekModule(remote: string): RemoteModule | undefined;
}

const noShell = (): RemoteContributions => ({
  settingsSections: [],
  loadModule: (remote) => Promise.reject(new Error(`${remote}: no shell to load it`)),
  peekModule: () => undefined,
});

export const useContributions = singleton('remote-contributions', () => create<RemoteContributions>()(noShell));

/** The shell's (or a test's) contributions; what is left out keeps its current value. */
export function provideContributions(contributions: Partial<RemoteContributions>): void {
  useContributions.setState(contributions);
}

/** Back to "no shell" (tests). */
export function resetContributions(): void {
  useContributions.setState(noShell(), true);
}
