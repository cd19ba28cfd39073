// An inline message box (info, warning or error) of the sign-in page, styled by Login.css (no antd there).
import type { ReactNode } from 'react';

export function Notice({ tone, testId, children }: { tone: 'info' | 'warning' | 'error'; testId: string; children: ReactNode }) {
  return (
    <div className={`sl-login-notice sl-login-notice-${tone}`} role={tone === 'info' ? 'status' : 'alert'} data-testid={testId}>
      {children}
    </div>
  );
}
