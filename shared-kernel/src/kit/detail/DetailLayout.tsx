// The frame of a back-office detail page: a header (back link to the list, title, status tags, actions), a main column
// and a side column of section cards, stacked on phones.
import { useId, type ReactNode } from 'react';
import { Card } from 'antd';
import type { StatusKind } from 'shared-kernel/domain';
import { Link, useLocation } from 'shared-kernel/router';
import { useLayoutMode } from 'shared-kernel/runtime';
import { StatusTag } from 'shared-kernel/ui';

export interface DetailStatus {
  kind: StatusKind;
  status: string | null | undefined;
}

export interface DetailLayoutProps {
  title: ReactNode;
  /** The list ('/dashboard/orders'); the back link returns to it with the filters it was opened from. */
  backTo: string;
  /** 'Retour aux commandes'. */
  backLabel: string;
  /** Status tags (§4 colour groups of shared-kernel/domain statuses). */
  status?: DetailStatus | readonly DetailStatus[];
  /** Other tags or a subtitle under the title. */
  meta?: ReactNode;
  /** Buttons on the right of the header. */
  actions?: ReactNode;
  /** The side column (DetailSection cards). */
  side?: ReactNode;
  /** The main column (DetailSection cards). */
  children: ReactNode;
}

/** The list URL to go back to: `backTo` with the query it was left with (ResourceTable passes `state.from`). */
export function useBackHref(backTo: string): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && (from === backTo || from.startsWith(`${backTo}?`)) ? from : backTo;
}

export function DetailLayout({ title, backTo, backLabel, status, meta, actions, side, children }: DetailLayoutProps) {
  const mobile = useLayoutMode() === 'mobile';
  const back = useBackHref(backTo);
  const statuses = status ? (Array.isArray(status) ? status : [status as DetailStatus]) : [];
  return (
    <article className="wz-detail" style={{ display: 'grid', gap: 16, padding: mobile ? 12 : 16, minWidth: 0 }}>
      <header style={{ display: 'grid', gap: 8, minWidth: 0 }}>
        <Link to={back} className="wz-detail-back" style={{ width: 'fit-content' }}>
          ← {backLabel}
        </Link>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
          <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, minWidth: 0 }}>
            <h1 style={{ margin: 0, fontSize: mobile ? 20 : 24, overflowWrap: 'anywhere' }}>{title}</h1>
            {statuses.map((s) => (
              <StatusTag key={`${s.kind}-${s.status}`} kind={s.kind} status={s.status} />
            ))}
          </div>
          {actions && <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>{actions}</div>}
        </div>
        {meta && <div style={{ color: 'var(--ant-color-text-description, #595959)' }}>{meta}</div>}
      </header>
      <div
        className="wz-detail-body"
        data-layout={mobile || !side ? 'stacked' : 'columns'}
        style={{
          display: 'grid',
          gap: 16,
          alignItems: 'start',
          gridTemplateColumns: mobile || !side ? 'minmax(0, 1fr)' : 'minmax(0, 2fr) minmax(260px, 1fr)',
        }}
      >
        <div className="wz-detail-main" style={{ display: 'grid', gap: 16, minWidth: 0 }}>
          {children}
        </div>
        {side && (
          <aside className="wz-detail-side" style={{ display: 'grid', gap: 16, minWidth: 0 }}>
            {side}
          </aside>
        )}
      </div>
    </article>
  );
}

export interface DetailSectionProps {
  title: ReactNode;
  /** Buttons in the card header ('Modifier'). */
  extra?: ReactNode;
  children: ReactNode;
}

/** A titled card of a detail page (a region named by its title). */
export function DetailSection({ title, extra, children }: DetailSectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} style={{ minWidth: 0 }}>
      <Card
        size="small"
        title={
          <h2 id={id} style={{ margin: 0, fontSize: 16 }}>
            {title}
          </h2>
        }
        extra={extra}
      >
        {children}
      </Card>
    </section>
  );
}
