import { useState } from 'react';
import { Button, ConfigProvider, Result, Skeleton } from 'antd';
import { THEME } from 'shared-kernel/ui';
import { useQueryClient } from '@tanstack/react-query';
import frFR from 'antd/locale/fr_FR';
import enUS from 'antd/locale/en_US';
import type { PosClosing } from 'shared-kernel/contracts';
import { useLanguage } from 'shared-kernel/i18n';
import { errorMessage, isNotFoundError, parseId, QueryScope } from 'shared-kernel/kit';
import { bus } from 'shared-kernel/runtime';
import { catalogKey, useCachedCatalog } from '../offline';
import { OpenSessionPanel } from './OpenSessionPanel';
import { useSalesPoint, useSetSession } from './pos.queries';
import { useTexts } from './texts';
import { Till } from './Till';
import { ZReportScreen } from './ZReport';
import './cash-register.css';

/** Props the cash register parcel receives from whoever mounts it (the new-order page, or a till's standalone host). */
export interface CashRegisterProps {
  /** Sales point id (route param of /dashboard/salespoints/:id/new-order). */
  salesPointId?: string;
}

/**
 * Root of the cash register parcel. The parcel is its own React root: it brings its own antd locale and,
 * when no shell provides one, its own QueryClient. It loads the salespoint and the catalogue (saved for offline use),
 * asks for the cash float when no session is open, then runs the till; closing the day shows the Z report.
 */
export function CashRegisterRoot({ salesPointId }: CashRegisterProps) {
  const lang = useLanguage();
  const id = parseId(salesPointId);
  return (
    <div className="wz-cash-register" data-testid="cash-register">
      <ConfigProvider locale={lang === 'en' ? enUS : frFR} theme={THEME}>
        <QueryScope>{id === null ? <SalesPointNotFound /> : <CashRegister salesPointId={id} />}</QueryScope>
      </ConfigProvider>
    </div>
  );
}

function SalesPointNotFound() {
  const t = useTexts();
  return (
    <Result
      status="404"
      title={t.notFound}
      subTitle={t.notFoundHelp}
      extra={
        <Button type="primary" onClick={() => bus.emit('navigate', { to: '/dashboard/salespoints' })}>
          {t.backToList}
        </Button>
      }
    />
  );
}

function Loading() {
  const t = useTexts();
  return (
    <div role="status" aria-busy="true" aria-label={t.loading} className="wz-till-loading">
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

function CashRegister({ salesPointId }: { salesPointId: number }) {
  const t = useTexts();
  const salesPoint = useSalesPoint(salesPointId);
  const catalog = useCachedCatalog(salesPointId);
  const setSession = useSetSession(salesPointId);
  const client = useQueryClient();
  const [closing, setClosing] = useState<PosClosing | null>(null);

  if (closing && salesPoint.data) return <ZReportScreen closing={closing} salesPoint={salesPoint.data} onFinish={() => setClosing(null)} />;
  if (salesPoint.isError && isNotFoundError(salesPoint.error)) return <SalesPointNotFound />;
  if (salesPoint.isError && !salesPoint.data) {
    return (
      <Result
        status="error"
        title={t.loadError}
        subTitle={errorMessage(salesPoint.error, t.genericError)}
        extra={
          <Button type="primary" onClick={() => void salesPoint.refetch()} loading={salesPoint.isFetching}>
            {t.retry}
          </Button>
        }
      />
    );
  }
  if (!salesPoint.data) return <Loading />;
  const sp = salesPoint.data;
  if (!sp.session) return <OpenSessionPanel salesPoint={sp} />;
  if (!catalog.catalog) {
    if (catalog.isPending) return <Loading />;
    return (
      <Result
        status="error"
        title={t.catalogError}
        subTitle={errorMessage(catalog.error, t.genericError)}
        extra={
          <Button type="primary" onClick={() => void client.refetchQueries({ queryKey: catalogKey(salesPointId) })}>
            {t.retry}
          </Button>
        }
      />
    );
  }
  return (
    <Till
      salesPoint={sp}
      session={sp.session}
      catalog={catalog.catalog}
      catalogOffline={catalog.offline}
      onClosed={(z) => {
        setSession(null);
        setClosing(z);
      }}
    />
  );
}
