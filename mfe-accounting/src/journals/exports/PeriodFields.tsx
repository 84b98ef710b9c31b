// A period (Du / Au) of a card of the 'Exports' tab: the fiscal year's bounds until the user picks other dates
// (picked dates belong to the year they were picked in: another year starts again from its bounds).
import { useState } from 'react';
import { Flex } from 'antd';
import type { FiscalYear } from 'shared-kernel/contracts';
import { DatePicker } from 'shared-kernel/ui';
import type { Period } from '../journals.queries';
import { useTexts } from '../texts';

export interface PeriodDraft {
  from: string | null;
  to: string | null;
}

export function usePeriodOf(year: FiscalYear): [PeriodDraft, (p: PeriodDraft) => void] {
  const [picked, setPicked] = useState<(PeriodDraft & { year: number }) | null>(null);
  const period = picked && picked.year === year.year ? { from: picked.from, to: picked.to } : { from: year.from, to: year.to };
  return [period, (p) => setPicked({ ...p, year: year.year })];
}

export const completePeriod = (p: PeriodDraft): Period | null => (p.from && p.to ? { from: p.from, to: p.to } : null);

export function PeriodFields({ id, period, onChange }: { id: string; period: PeriodDraft; onChange: (p: PeriodDraft) => void }) {
  const t = useTexts().export;
  return (
    <Flex wrap gap={12}>
      <Flex vertical gap={4}>
        <label htmlFor={`${id}-from`}>{t.from}</label>
        <span style={{ width: 160 }}>
          <DatePicker
            id={`${id}-from`}
            value={period.from}
            max={period.to ?? undefined}
            onChange={(from) => onChange({ ...period, from })}
          />
        </span>
      </Flex>
      <Flex vertical gap={4}>
        <label htmlFor={`${id}-to`}>{t.to}</label>
        <span style={{ width: 160 }}>
          <DatePicker id={`${id}-to`} value={period.to} min={period.from ?? undefined} onChange={(to) => onChange({ ...period, to })} />
        </span>
      </Flex>
    </Flex>
  );
}
