// Everything a screen needs around it: query cache, i18n (BaseProviders), antd theme + locale,
// antd App (so toasts follow the theme), and the bridge that hands antd's instances to the request
// client. The browser entry wraps only BaseProviders; the antd half comes with router/AntdLayout.
import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import './api/antdFeedback';
import { bindFeedback } from './api/feedback';
import { BaseProviders } from './BaseProviders';
import { useLang } from './i18n';

function FeedbackBridge() {
  const { message, notification, modal } = AntApp.useApp();
  useEffect(() => bindFeedback({ message, notification, modal }), [message, notification, modal]);
  return null;
}

const THEME = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: '#1554ad',
    colorInfo: '#1554ad',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff', bodyBg: '#f4f6fa' },
  },
};

export function LocalisedAntd({ children }: { children: ReactNode }) {
  const lang = useLang();
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={THEME}>
      <AntApp message={{ top: 24, maxCount: 3 }} notification={{ placement: 'top', maxCount: 3 }}>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BaseProviders>
      <LocalisedAntd>{children}</LocalisedAntd>
    </BaseProviders>
  );
}
