// The fiscal year of the 'Exports' and 'Clôtures' tabs (GET /accounting/fiscal-years): `?year=` of the URL when it is
// one of them, else the current one. Renders the loading / error states of the list, then its children with the year.
import type { ReactNode } from 'react';
import { Alert, Button, Empty, Flex, Select, Skeleton } from 'antd';
import type { FiscalYear } from 'shared-kernel/contracts';
import { errorMessage } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { useFiscalYears } from './journals.queries';
import { useTexts } from './texts';

/** The year of the URL if the list has it, else the current one, else the first. */
export function pickFiscalYear(years: readonly FiscalYear[], asked: string | null): FiscalYear | null {
  return years.find((y) => String(y.year) === asked) ?? years.find((y) => y.current) ?? years[0] ?? null;
}

export function FiscalYearPicker({ id, children }: { id: string; children: (year: FiscalYear) => ReactNode }) {
  const t = useTexts();
  const years = useFiscalYears();
  const [params, setParams] = useSearchParams();
  if (years.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (years.isError)
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={errorMessage(years.error, t.loadError)}
        action={<Button onClick={() => void years.refetch()}>{t.retry}</Button>}
      />
    );
  const year = pickFiscalYear(years.data, params.get('year'));
  if (!year) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.years.empty} />;
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Flex vertical gap={4}>
        <label htmlFor={id}>{t.years.label}</label>
        <Select<number>
          id={id}
          value={year.year}
          onChange={(v) =>
            setParams((prev) => {
              const next = new URLSearchParams(prev);
              next.set('year', String(v));
              return next;
            })
          }
          options={years.data.map((y) => ({ value: y.year, label: y.current ? `${y.label} (${t.years.current})` : y.label }))}
          style={{ width: 280, maxWidth: '100%' }}
        />
      </Flex>
      {children(year)}
    </Flex>
  );
}
