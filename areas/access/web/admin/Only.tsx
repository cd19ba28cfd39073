// Screens for the super admin or a company administrator: anyone else sees a 403 result instead
// of a list whose calls would all be refused (the server refuses them anyway).
import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '@seamline/web/engine';

export function Only({ who, children }: { who: 'superAdmin' | 'companyAdmin'; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user) return null;
  const allowed = user.is_super_admin === true || (who === 'companyAdmin' && user.user_type === 'ADMIN');
  if (allowed) return <>{children}</>;
  return (
    <div data-testid="forbidden">
      <Result status="403" title="403" subTitle={t('http.forbidden')} />
    </div>
  );
}
