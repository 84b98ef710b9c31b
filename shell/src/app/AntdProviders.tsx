import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { useLanguage } from './language';
import QueryProvider from './query-client';

// texts dark enough for WCAG AA (4.5:1 on white): placeholders and secondary texts (antd's defaults are 1.8 and
// 2.9), links (#1677ff: 4.1) and danger (#ff4d4f: 3.3)
export const THEME = {
  token: {
    colorPrimary: '#7a1f3d',
    borderRadius: 6,
    colorTextPlaceholder: '#737373',
    colorTextDescription: '#595959',
    colorTextTertiary: '#595959',
    colorLink: '#7a1f3d',
    colorError: '#b42318',
  },
};

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
