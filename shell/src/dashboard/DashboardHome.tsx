// /dashboard: the first screen after sign-in. The remotes contribute its widgets (routes.ts `widgets` metadata +
// `module.widgets[id]` components); the shell shows those the viewer may see (same roles / permissions / modules
// rules as a route, canOpenRoute) in their declared order. A widget whose remote fails to load or to render hides
// itself only: the rest of the home screen keeps working.
import { Component, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import type { LazyWidget, RouteMeta } from 'shared-kernel/contracts';
import { canOpenRoute, DASHBOARD_ROUTE, homeFor } from 'shared-kernel/domain';
import { Navigate } from 'shared-kernel/router';
import { useShell } from '../app/shell-context';
import { useShellUi } from '../app/ui-store';
import type { WidgetEntry } from '../remotes/registry';
import { useSessionCtx } from '../guard/use-session-ctx';
import './dashboard.css';

/**
 * The widgets a viewer may see: a widget is declared like a route and follows the route guard. It is checked under a
 * path of its own, not '/dashboard': the guard lets a master account without a chosen shop and the superAdmin open
 * the dashboard itself, which says nothing about the shop data a widget reads.
 */
export function visibleWidgets(widgets: readonly WidgetEntry[], ctx: Parameters<typeof canOpenRoute>[1]): WidgetEntry[] {
  // No account chosen yet (a master account alone): there is no shop to read anything from.
  if (!ctx.user) return [];
  return widgets.filter((w) => {
    const asRoute: RouteMeta = {
      path: `${DASHBOARD_ROUTE}/widgets/${w.remote}/${w.id}`,
      layout: 'dashboard',
      roles: w.roles,
      permissions: w.permissions,
      modules: w.modules,
      titleKey: w.id,
      title: w.title,
    };
    return canOpenRoute(asRoute, ctx);
  });
}

class WidgetBoundary extends Component<{ id: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[shell] dashboard widget ${this.props.id} failed`, error, info.componentStack);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function WidgetLoading() {
  return <div className="wz-widget__loading" role="progressbar" aria-busy="true" aria-label="Chargement" />;
}

/** One widget: its remote's module loaded (cached by the shell), then `widgets[id]` rendered, or nothing. */
function WidgetSlot({ widget }: { widget: WidgetEntry }) {
  const { modules } = useShell();
  const [state, setState] = useState<{ Widget?: LazyWidget; failed?: boolean }>(() => {
    const mod = modules.peek(widget.remote);
    return mod ? { Widget: mod.widgets?.[widget.id], failed: !mod.widgets?.[widget.id] } : {};
  });
  useEffect(() => {
    if (state.Widget || state.failed) return;
    let alive = true;
    modules.load(widget.remote).then(
      (mod) => alive && setState(mod.widgets?.[widget.id] ? { Widget: mod.widgets[widget.id] } : { failed: true }),
      (err: unknown) => {
        console.error(`[shell] dashboard widget ${widget.id}: ${widget.remote} unavailable`, err);
        if (alive) setState({ failed: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [modules, widget.remote, widget.id, state.Widget, state.failed]);

  if (state.failed) return null;
  const titleId = `wz-widget-${widget.id}`;
  return (
    <WidgetBoundary id={widget.id}>
      <section className={`wz-widget wz-widget--span${widget.span}`} aria-labelledby={titleId} data-testid={`widget-${widget.id}`}>
        <h2 id={titleId} className="wz-widget__title">
          {widget.title}
        </h2>
        {state.Widget ? (
          <Suspense fallback={<WidgetLoading />}>
            <state.Widget />
          </Suspense>
        ) : (
          <WidgetLoading />
        )}
      </section>
    </WidgetBoundary>
  );
}

/** A master account that has not chosen an account yet: the chooser opens over this, and nothing behind it loads. */
function ChooseAccount() {
  const openSwitch = useShellUi((s) => s.setAccountSwitchOpen);
  return (
    <div className="wz-dashboard-home">
      <h1 className="wz-dashboard-home__title">Tableau de bord</h1>
      <p className="wz-dashboard-home__empty">Choisissez un compte pour afficher son tableau de bord.</p>
      <button type="button" className="wz-btn wz-btn--primary" onClick={() => openSwitch(true)}>
        Choisir un compte
      </button>
    </div>
  );
}

export default function DashboardHome() {
  const { widgets } = useShell();
  const ctx = useSessionCtx();
  if (!ctx.user && ctx.masterAccount) return <ChooseAccount />;
  // The superAdmin's home is the admin console: the shop widgets have no shop to read for them.
  const home = homeFor(ctx.user);
  if (home !== DASHBOARD_ROUTE) return <Navigate to={home} replace />;
  const visible = visibleWidgets(widgets, ctx);
  return (
    <div className="wz-dashboard-home">
      <h1 className="wz-dashboard-home__title">Tableau de bord</h1>
      {visible.length === 0 ? (
        <p className="wz-dashboard-home__empty">Rien à afficher ici pour l'instant.</p>
      ) : (
        <div className="wz-dashboard-home__grid">
          {visible.map((w) => (
            <WidgetSlot key={`${w.remote}:${w.id}`} widget={w} />
          ))}
        </div>
      )}
    </div>
  );
}
