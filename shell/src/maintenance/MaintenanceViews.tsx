// The maintenance page and banner (and their icons): loaded by MaintenanceGate only when a maintenance is announced.
import { useState } from 'react';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import ToolOutlined from '@ant-design/icons/es/icons/ToolOutlined';
import type { Maintenance } from 'shared-kernel/contracts';

const fmt = (iso: string | null) => {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

export function MaintenancePage({ maintenance }: { maintenance: Maintenance }) {
  const start = fmt(maintenance.startDate);
  const end = fmt(maintenance.endDate);
  return (
    <main className="wz-maintenance-page" role="alert">
      <ToolOutlined aria-hidden style={{ fontSize: 48 }} />
      <h1>Maintenance en cours</h1>
      <p>La plateforme est en maintenance. Merci de revenir un peu plus tard.</p>
      {(start || end) && (
        <p>
          {start && <>Début : {start}</>}
          {start && end && <br />}
          {end && <>Fin prévue : {end}</>}
        </p>
      )}
      {maintenance.banner && <p>{maintenance.banner}</p>}
    </main>
  );
}

export function MaintenanceBanner({ maintenance }: { maintenance: Maintenance }) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  const text = maintenance.banner;
  if (!text || dismissed === text) return null;
  return (
    <div className="wz-top-banner wz-top-banner--maintenance" role="status">
      <ToolOutlined aria-hidden />
      <span className="wz-top-banner__text">{text}</span>
      <button type="button" className="wz-icon-btn" aria-label="Fermer le bandeau de maintenance" onClick={() => setDismissed(text)}>
        <CloseOutlined aria-hidden />
      </button>
    </div>
  );
}
