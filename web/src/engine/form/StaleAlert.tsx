// 'Changed by someone else' above a document (the engine's form, the approval panel): the version
// the screen holds is outdated, and its button reloads it.
import { Alert, Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function StaleAlert({ testId, reloadTestId, reloadLabel, onReload, gap }: { testId: string; reloadTestId: string; reloadLabel: string; onReload: () => unknown; gap: number }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: gap }}
      data-testid={testId}
      message={t('biz.changedByOthers')}
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void onReload()} data-testid={reloadTestId}>
          {reloadLabel}
        </Button>
      }
    />
  );
}
