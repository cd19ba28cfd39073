// The in-use warning of spec §8 (MD-17): the server's message, what uses the rows, and two
// choices — 'Still process' (the caller re-sends with force=1) or 'Cancel' (nothing changes).
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InUseWarning } from '../data/inUse';

/** Asks the user about an in-use warning; resolves true for 'Still process', false for 'Cancel'. */
export function useConfirmInUse() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (warning: InUseWarning): Promise<boolean> =>
    new Promise((resolve) => {
      const more = warning.count - warning.usages.length;
      modal.confirm({
        title: warning.message,
        content: (
          <div data-testid="in-use-warning">
            {warning.usages.length > 0 && (
              <>
                <div>{t('engine.inUse.usedBy')}</div>
                <ul className="sl-in-use-list" data-testid="in-use-usages">
                  {warning.usages.map((u, i) => (
                    <li key={i}>{u}</li>
                  ))}
                  {more > 0 && <li>{t('engine.inUse.more', { count: more })}</li>}
                </ul>
              </>
            )}
          </div>
        ),
        okText: t('biz.stillProcess'),
        okButtonProps: { danger: true, 'data-testid': 'in-use-still' } as never,
        cancelText: t('engine.cancel'),
        cancelButtonProps: { 'data-testid': 'in-use-cancel' } as never,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}
