import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { THEME } from 'shared-kernel/ui';
import { useLanguage } from './language';
import QueryProvider from './query-client';

/** antd's ConfigProvider (locale following i18n) and App: only the shell renders them (DESIGN §2); the back office's react-query client. */
export default function AntdProviders({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  // antd's date pickers format with dayjs's global locale; set here, not in App, so public pages load no dayjs
  dayjs.locale(lang);
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : frFR} theme={THEME}>
      <AntApp component={false}>
        <QueryProvider>{children}</QueryProvider>
      </AntApp>
    </ConfigProvider>
  );
}
