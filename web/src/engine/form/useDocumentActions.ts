// The write actions a document offers wherever it is shown (its form header, a list row): state
// transitions of the definition and delete, each confirmed first and followed by a toast. A
// delete the server refuses because the rows are in use asks again ('Still process' re-sends
// with force=1, 'Cancel' leaves everything as it was).
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { documentName, pickLabel, type TransitionDef } from '@seamline/core';
import { ApiError, toastSuccess } from '../../api';
import { useLang } from '../../i18n';
import { useDeleteDocuments, useTransition } from '../data/hooks';
import { inUseWarning } from '../data/inUse';
import type { Row } from '../data/source';
import type { EntityEntry } from '../registry';
import { documentExtensions } from './extensions';
import { useConfirmInUse } from './useConfirmInUse';

export const STALE_STATUS = 409;

const isStale = (err: unknown) => err instanceof ApiError && err.status === STALE_STATUS;

export function useDocumentActions(entry: EntityEntry, opts: { onStale?: () => void } = {}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { modal } = App.useApp();
  const transition = useTransition(entry);
  const remove = useDeleteDocuments(entry);
  const confirmInUse = useConfirmInUse();
  const { def } = entry;
  const nameOf = (doc: Row) => documentName(def, doc, lang);

  /**
   * Runs a transition after confirmation (`confirmed`: the person asked for it already, e.g. 'Save
   * and freeze'); resolves with the document as it is now (or null).
   */
  const runTransition = (tr: TransitionDef, doc: Row, how: { confirmed?: boolean } = {}): Promise<Row | null> =>
    new Promise((resolve) => {
      const action = pickLabel(tr.label, lang);
      const run = async () => {
        try {
          const result = await transition.mutateAsync({ action: tr.action, id: String(doc.id), version: doc.version });
          toastSuccess(t('common.operatedSuccess'));
          resolve(result ?? null);
        } catch (err) {
          if (isStale(err)) opts.onStale?.();
          else for (const x of documentExtensions()) x.onTransitionFailed?.(entry, tr, err);
          resolve(null);
        }
      };
      if (how.confirmed) {
        void run();
        return;
      }
      modal.confirm({
        title: t('engine.transition.confirmTitle', { action }),
        content: t('engine.transition.confirmText', { action, name: nameOf(doc) || t('engine.thisRecord') }),
        okText: action,
        cancelText: t('engine.cancel'),
        onCancel: () => resolve(null),
        onOk: run,
      });
    });

  /** Deletes documents after confirmation; resolves true when they are gone. */
  const runDelete = (docs: Row[]): Promise<boolean> =>
    new Promise((resolve) => {
      const one = docs.length === 1 ? nameOf(docs[0]) : '';
      modal.confirm({
        title: t('engine.delete.confirmTitle'),
        content: one ? t('engine.delete.confirmOne', { name: one }) : t('engine.delete.confirmMany', { count: docs.length }),
        okText: t('engine.delete.action'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as never,
        cancelText: t('engine.cancel'),
        onCancel: () => resolve(false),
        onOk: async () => {
          const ids = docs.map((d) => String(d.id));
          try {
            await remove.mutateAsync({ ids });
            toastSuccess(t('engine.delete.done'));
            resolve(true);
          } catch (err) {
            const warning = inUseWarning(err);
            // Anything else the client has reported ('deletion failed' or the server's reason).
            if (!warning) return resolve(false);
            // Not awaited: this confirmation closes, the in-use warning takes its place.
            void confirmInUse(warning).then(async (still) => {
              if (!still) return resolve(false);
              try {
                await remove.mutateAsync({ ids, force: true });
                toastSuccess(t('engine.delete.done'));
                resolve(true);
              } catch {
                resolve(false);
              }
            });
          }
        },
      });
    });

  return { runTransition, runDelete, busy: transition.isPending || remove.isPending };
}
