import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import enUS from 'antd/locale/en_US';
import { useLanguage } from './language';

export const THEME = { token: { colorPrimary: '#7a1f3d', borderRadius: 6 } };

/** antd's ConfigProvider (locale following i18n) and App: only the shell renders them (DESIGN §2). */
export default function AntdProviders({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : frFR} theme={THEME}>
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
