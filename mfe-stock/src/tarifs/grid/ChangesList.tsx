import type { TariffChange, TariffTypology } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { useTexts } from '../texts';

const SHOWN = 50;

/** The cells a percentage or an import changes: product, format, typology, old → new (first 50). */
export function ChangesList({ changes, typologies }: { changes: TariffChange[]; typologies: TariffTypology[] }) {
  const t = useTexts();
  const name = (id: string) => typologies.find((ty) => ty.id === id)?.name ?? id;
  return (
    <div>
      <p style={{ margin: '8px 0', fontWeight: 600 }} role="status">
        {changes.length ? t.changesCount(changes.length) : t.noChange}
      </p>
      {changes.length > 0 && (
        <ul aria-label={t.oldNew} style={{ maxHeight: 280, overflow: 'auto', margin: 0, paddingLeft: 18 }}>
          {changes.slice(0, SHOWN).map((c) => (
            <li key={`${c.formatId}:${c.typology}`}>
              {c.line ? `${t.line} ${c.line} · ` : ''}
              {[c.productName, c.vintage, c.formatLabel].filter(Boolean).join(' ')} · {name(c.typology)} :{' '}
              {c.oldCents === null ? '—' : formatCents(c.oldCents)} → <strong>{formatCents(c.newCents)}</strong>
            </li>
          ))}
          {changes.length > SHOWN && <li>{t.more(changes.length - SHOWN)}</li>}
        </ul>
      )}
    </div>
  );
}
