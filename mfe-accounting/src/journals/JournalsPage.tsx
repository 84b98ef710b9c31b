// /dashboard/accounting/journals (accessAccounting): the pre-accounting in four tabs, the active one in the
// URL (?tab=entries|balances|exports|periods, entries by default) so that links and the back button work:
// - Écritures: the entries with their filters, totals and lines (./entries)
// - Balances: the balance of each account over the same filters (./balances)
// - Exports: the FEC of a fiscal year with its checks, the accountant's export, the collected VAT (./exports)
// - Clôtures: closing and reopening the months of a fiscal year (./periods)
import type { ReactNode } from 'react';
import { Flex, Tabs, Typography } from 'antd';
import type { PageProps } from 'shared-kernel/contracts';
import { withQueryScope } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { useLayoutMode } from 'shared-kernel/runtime';
import { BalancesTab } from './balances/BalancesTab';
import { EntriesTab } from './entries/EntriesTab';
import { ExportsTab } from './exports/ExportsTab';
import { PeriodsTab } from './periods/PeriodsTab';
import { useTexts } from './texts';

export const JOURNAL_TABS = ['entries', 'balances', 'exports', 'periods'] as const;
export type JournalTab = (typeof JOURNAL_TABS)[number];

const CONTENT: Record<JournalTab, () => ReactNode> = {
  entries: () => <EntriesTab />,
  balances: () => <BalancesTab />,
  exports: () => <ExportsTab />,
  periods: () => <PeriodsTab />,
};

/** The tab of `?tab=`; anything else is the entries. */
export function tabOf(value: string | null): JournalTab {
  return (JOURNAL_TABS as readonly string[]).includes(value ?? '') ? (value as JournalTab) : 'entries';
}

export default withQueryScope(function JournalsPage(_props: PageProps) {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const [params, setParams] = useSearchParams();
  const active = tabOf(params.get('tab'));
  return (
    <Flex component="section" vertical gap={12} style={{ padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t.title}
      </Typography.Title>
      <Typography.Text type="secondary">{t.intro}</Typography.Text>
      <Tabs
        aria-label={t.tabsLabel}
        activeKey={active}
        destroyOnHidden
        // the filters stay (a period chosen on one tab holds on the others); the page of the list starts again
        onChange={(key) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            if (key === 'entries') next.delete('tab');
            else next.set('tab', key);
            next.delete('page');
            return next;
          })
        }
        items={JOURNAL_TABS.map((key) => ({ key, label: t.tabs[key], children: key === active ? CONTENT[key]() : null }))}
      />
    </Flex>
  );
});
