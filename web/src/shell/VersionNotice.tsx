// Version check (spec §2/§3, RTE-29): the profile's hasnewversion turns on a banner with a reload.
import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../session/store';

export function VersionNotice() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [dismissed, setDismissed] = useState(false);
  if (!user?.hasnewversion || dismissed) return null;
  return (
    <Alert
      data-testid="new-version"
      type="info"
      showIcon
      banner
      closable
      onClose={() => setDismissed(true)}
      message={t('common.newVersion')}
      description={t('shell.newVersionHint')}
      action={
        <Button size="small" type="primary" onClick={() => window.location.reload()}>
          {t('shell.reload')}
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
