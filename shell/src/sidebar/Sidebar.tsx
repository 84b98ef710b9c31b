import { useMemo, useState } from 'react';
import { NavLink, useLocation } from 'shared-kernel/router';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import ExportOutlined from '@ant-design/icons/es/icons/ExportOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import type { MenuGroup } from 'shared-kernel/contracts';
import { buildMenu, canOpenRoute, type MenuItem, type MenuSection } from 'shared-kernel/domain';
import { useShell } from '../app/shell-context';
import { isSeller, useSessionCtx } from '../guard/use-session-ctx';
import { GROUP_ICONS, GROUP_TITLES, iconFor } from './groups';
import type { RouteEntry } from '../remotes/registry';

export interface SidebarProps {
  /** 56 px icon rail (medium widths). */
  collapsed?: boolean;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
}

const FLAT_GROUPS: readonly MenuGroup[] = ['buyer', 'agent'];
/** Groups that are a single link in spec §2 (the others keep their title even with one visible entry). */
const LINK_GROUPS: readonly MenuGroup[] = ['dashboard', 'rapports', 'caisse', 'messagerie', 'boutique', 'parametres', 'admin'];

/** The /add routes the user may open, for the 'Créer' shortcut menu. */
export function createShortcuts(routes: readonly RouteEntry[], ctx: Parameters<typeof canOpenRoute>[1]): { path: string; label: string }[] {
  return routes
    .filter((r) => /\/add$/.test(r.path) && !r.path.includes(':') && canOpenRoute(r, ctx))
    .map((r) => ({ path: r.path, label: r.title }))
    .sort((a, b) => a.label.localeCompare(b.label, 'fr'));
}

/**
 * The entry of a group the current page belongs to: the longest entry path the page is under. An entry whose path is a
 * prefix of that one (Commandes fournisseurs /dashboard/purchases under Factures fournisseurs
 * /dashboard/purchases/invoices) is then matched exactly only, so one entry of the group is highlighted.
 */
function currentEntryPath(entries: readonly MenuItem[], pathname: string): string | null {
  let best: string | null = null;
  for (const e of entries) {
    if (e.href) continue;
    if ((pathname === e.path || pathname.startsWith(`${e.path}/`)) && (!best || e.path.length > best.length)) best = e.path;
  }
  return best;
}

function EntryLink({
  item,
  group,
  collapsed,
  onNavigate,
  labelOverride,
  current = null,
}: {
  item: MenuItem;
  group: MenuGroup;
  collapsed?: boolean;
  onNavigate?: () => void;
  labelOverride?: string;
  /** the group's entry the page belongs to (currentEntryPath) */
  current?: string | null;
}) {
  const Icon = iconFor(item.icon, group);
  const label = labelOverride ?? item.label;
  if (item.href) {
    return (
      <a
        className="wz-side__link"
        href={item.href}
        target="_blank"
        rel="noopener noreferrer"
        title={collapsed ? label : undefined}
        aria-label={collapsed ? label : undefined}
      >
        <Icon aria-hidden />
        {!collapsed && <span>{label}</span>}
        {!collapsed && <ExportOutlined aria-hidden className="wz-side__ext" />}
      </a>
    );
  }
  return (
    <NavLink
      className="wz-side__link"
      to={item.path}
      end={item.path === '/dashboard' || (!!current && current !== item.path && current.startsWith(`${item.path}/`))}
      onClick={onNavigate}
      title={collapsed ? label : undefined}
      aria-label={collapsed ? label : undefined}
    >
      <Icon aria-hidden />
      {!collapsed && <span>{label}</span>}
    </NavLink>
  );
}

function Group({
  section,
  collapsed,
  onNavigate,
  activePath,
}: {
  section: MenuSection;
  collapsed?: boolean;
  onNavigate?: () => void;
  activePath: string;
}) {
  const title = GROUP_TITLES[section.group];
  const current = currentEntryPath(section.entries, activePath);
  const active = current !== null;
  const [open, setOpen] = useState(active);
  const Icon = GROUP_ICONS[section.group];
  const id = `wz-side-group-${section.group}`;

  // One entry: the group is the link itself.
  if (section.entries.length === 1 && LINK_GROUPS.includes(section.group)) {
    return (
      <li className="wz-side__group wz-side__group--single" data-group={section.group}>
        <EntryLink
          item={{ ...section.entries[0], icon: section.entries[0].icon }}
          group={section.group}
          collapsed={collapsed}
          onNavigate={onNavigate}
        />
      </li>
    );
  }
  if (collapsed) {
    return (
      <li className="wz-side__group" data-group={section.group}>
        <NavLink className="wz-side__link" to={section.entries[0].path} title={title} aria-label={title} onClick={onNavigate}>
          <Icon aria-hidden />
        </NavLink>
      </li>
    );
  }
  return (
    <li className="wz-side__group" data-group={section.group}>
      <button type="button" className="wz-side__title" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <Icon aria-hidden />
        <span>{title}</span>
        {open ? <DownOutlined aria-hidden className="wz-side__chevron" /> : <RightOutlined aria-hidden className="wz-side__chevron" />}
      </button>
      {open && (
        <ul id={id} className="wz-side__entries">
          {section.entries.map((e) => (
            <li key={`${e.path}-${e.label}`}>
              <EntryLink item={e} group={section.group} onNavigate={onNavigate} current={current} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function CreateMenu({
  items,
  collapsed,
  onNavigate,
}: {
  items: { path: string; label: string }[];
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (items.length === 0) return null;
  return (
    <div className="wz-side__create">
      <button
        type="button"
        className="wz-btn wz-btn--primary wz-side__create-btn"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
        aria-label="Créer"
        title="Créer"
      >
        <PlusOutlined aria-hidden />
        {!collapsed && <span>Créer</span>}
      </button>
      {open && (
        <ul className="wz-side__create-list" aria-label="Créer">
          {items.map((i) => (
            <li key={i.path}>
              <NavLink
                to={i.path}
                onClick={() => {
                  setOpen(false);
                  onNavigate?.();
                }}
              >
                {i.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The sidebar: seller groups (owner/iam, + admin for superAdmin), buyer menu or agent
 * menu, all from buildMenu over the remotes' route metadata (module switches and iam
 * permissions applied there). Rebuilt when the user or shop changes.
 */
export default function Sidebar({ collapsed, onNavigate }: SidebarProps) {
  const { routes } = useShell();
  const { user, masterAccount, shop } = useSessionCtx();
  const { pathname } = useLocation();
  const ctx = useMemo(() => ({ user, masterAccount, shop }), [user, masterAccount, shop]);
  const sections = useMemo(() => buildMenu(routes, ctx), [routes, ctx]);
  const shortcuts = useMemo(() => (isSeller(user) ? createShortcuts(routes, ctx) : []), [routes, ctx, user]);

  return (
    <nav
      className={collapsed ? 'wz-side wz-side--collapsed' : 'wz-side'}
      aria-label="Menu principal"
      key={`${user?.id ?? 'anon'}-${shop?.id ?? ''}`}
    >
      {isSeller(user) && <CreateMenu items={shortcuts} collapsed={collapsed} onNavigate={onNavigate} />}
      <ul className="wz-side__groups">
        {sections.map((section) =>
          FLAT_GROUPS.includes(section.group) ? (
            section.entries.map((e) => (
              <li
                key={`${section.group}-${e.path}-${e.label}`}
                className="wz-side__group wz-side__group--single"
                data-group={section.group}
              >
                <EntryLink item={e} group={section.group} collapsed={collapsed} onNavigate={onNavigate} />
              </li>
            ))
          ) : (
            <Group key={section.group} section={section} collapsed={collapsed} onNavigate={onNavigate} activePath={pathname} />
          ),
        )}
      </ul>
    </nav>
  );
}
