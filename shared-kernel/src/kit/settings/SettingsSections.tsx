// The settings page (/dashboard/settings?link=<key>) as every remote contributes to it (DESIGN §8): the menu of the
// sections the registry declares that the viewer may open (canOpenSection, in their declared order), and the open one —
// the hosting remote's own sections straight from its components, another remote's from that remote's `./module`
// (`settingsSections[key]`, loaded through the shell). A remote that cannot be loaded, or a section that fails to
// render, hides only its own sections behind one notice: the rest of the page keeps working.
import { Component, Suspense, useEffect, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from 'antd';
import type { LazyWidget, RemoteModule, SettingsSectionMeta } from 'shared-kernel/contracts';
import { canOpenSection } from 'shared-kernel/domain';
import { Link, useSearchParams } from 'shared-kernel/router';
import { useContributions, useSession, type SettingsSectionEntry } from 'shared-kernel/runtime';
import { settingsTexts } from './texts';

export interface SettingsSectionsProps {
  /**
   * The remote rendering the page: its sections render from `components` without loading anything. Outside the shell
   * (no registry: the remote's own tests) its `sections` are the whole menu.
   */
  own: { remote: string; sections: readonly SettingsSectionMeta[]; components: Record<string, LazyWidget> };
  /** Shown under the heading (mfe-auth: the unvalidated email banner). */
  banner?: ReactNode;
}

/** The sections of a registry (or of a remote alone), smallest `order` first; a key declared twice keeps the first. */
export function settingsSectionEntries(declared: readonly SettingsSectionEntry[]): SettingsSectionEntry[] {
  const seen = new Map<string, string>();
  return [...declared]
    .sort((a, b) => a.order - b.order)
    .filter((s) => {
      const owner = seen.get(s.key);
      if (owner !== undefined) {
        console.warn(`[settings] section ${s.key} declared by ${owner} and ${s.remote}; keeping ${owner}`);
        return false;
      }
      seen.set(s.key, s.remote);
      return true;
    });
}

const idOf = (s: SettingsSectionEntry) => `${s.remote}:${s.key}`;

class SectionBoundary extends Component<{ id: string; onError(id: string): void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[settings] section ${this.props.id} failed`, error, info.componentStack);
    this.props.onError(this.props.id);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function SettingsSections({ own, banner }: SettingsSectionsProps) {
  const [params] = useSearchParams();
  const link = params.get('link');
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const registry = useContributions((s) => s.settingsSections);
  const loadModule = useContributions((s) => s.loadModule);
  const peekModule = useContributions((s) => s.peekModule);
  const t = settingsTexts.useTexts();

  const declared = useMemo(
    () =>
      settingsSectionEntries(
        registry.length
          ? registry
          : own.sections.map((s) => ({ ...s, permissions: s.permissions ?? [], modules: s.modules ?? [], remote: own.remote })),
      ),
    [registry, own.sections, own.remote],
  );
  // Who may open what: the viewer does not see the others listed, nor opens them by their link.
  const allowed = declared.filter((s) => canOpenSection(s, user, shop));

  // Another remote's module: loaded (or null when it could not be) once a section of it is listed.
  const [modules, setModules] = useState<Record<string, RemoteModule | null>>({});
  const [crashed, setCrashed] = useState<ReadonlySet<string>>(new Set());
  const moduleOf = (remote: string): RemoteModule | null | undefined => (remote in modules ? modules[remote] : peekModule(remote));
  const others = [...new Set(allowed.filter((s) => s.remote !== own.remote).map((s) => s.remote))];
  const othersKey = others.join('|');
  useEffect(() => {
    let alive = true;
    for (const remote of othersKey ? othersKey.split('|') : []) {
      if (peekModule(remote)) continue;
      loadModule(remote).then(
        (mod) => alive && setModules((m) => ({ ...m, [remote]: mod })),
        (err: unknown) => {
          console.error(`[settings] ${remote} unavailable: its settings sections are hidden`, err);
          if (alive) setModules((m) => ({ ...m, [remote]: null }));
        },
      );
    }
    return () => {
      alive = false;
    };
  }, [othersKey, loadModule, peekModule]);

  const componentOf = (s: SettingsSectionEntry): LazyWidget | null | undefined => {
    if (s.remote === own.remote) return own.components[s.key] ?? null;
    const mod = moduleOf(s.remote);
    if (mod === undefined) return undefined; // still loading
    return mod?.settingsSections?.[s.key] ?? null;
  };
  const unavailable = (s: SettingsSectionEntry) => componentOf(s) === null || crashed.has(idOf(s));
  const sections = allowed.filter((s) => !unavailable(s));
  const someUnavailable = allowed.length !== sections.length;

  const section = sections.find((s) => s.key === link);
  const refused = !section && !!link && declared.some((s) => s.key === link) && !allowed.some((s) => s.key === link);
  const title = (s: SettingsSectionEntry) => (t.lang === 'en' ? s.titleEn || s.title : s.title);
  const Section = section ? componentOf(section) : undefined;
  const loading = <p role="status">{t.loading}</p>;
  return (
    <div style={{ display: 'grid', gap: 16, padding: 16, maxWidth: 1100 }}>
      <h1 style={{ fontSize: 24, margin: 0 }}>
        {t.title}
        {section ? ` — ${title(section)}` : ''}
      </h1>
      {banner}
      <nav aria-label={t.sectionsLabel} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {sections.map((s) => (
          <Link
            key={idOf(s)}
            to={`/dashboard/settings?link=${s.key}`}
            aria-current={s.key === link ? 'page' : undefined}
            style={{
              padding: '4px 10px',
              borderRadius: 16,
              border: '1px solid #d9d9d9',
              fontWeight: s.key === link ? 600 : 400,
              background: s.key === link ? '#f5e9ed' : undefined,
            }}
          >
            {title(s)}
          </Link>
        ))}
      </nav>
      {someUnavailable && <Alert type="warning" showIcon role="status" title={t.unavailable} />}
      {refused && <Alert type="info" showIcon role="status" title={t.refused} />}
      {!section && <p style={{ margin: 0, color: '#555' }}>{t.choose}</p>}
      {section && Section === undefined && loading}
      {section && Section && (
        <SectionBoundary key={idOf(section)} id={idOf(section)} onError={(id) => setCrashed((c) => new Set(c).add(id))}>
          <Suspense fallback={loading}>
            <Section />
          </Suspense>
        </SectionBoundary>
      )}
    </div>
  );
}
