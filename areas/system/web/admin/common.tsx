// What the administration screens share: the page frame, the wire calls and applying 11000
// field errors to an antd form.
import type { ReactNode } from 'react';
import { Card, Space, type FormInstance } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, FieldErrorsError, toastError, toastSuccess } from '../../../../web/src/api';
import { i18n } from '../../../../web/src/i18n';
import { useSessionUser } from '../../../../web/src/session/store';
import './messages';

export const SYS = 'utilsapi/sys';

export type Doc = Record<string, any>;

export const get = <T = Doc,>(path: string, query?: Record<string, unknown>) => api.get<T>(`${SYS}/${path}`, query);
/** POST with DATA = the document; 11000 answers reject with FieldErrorsError for the form. */
export const post = <T = Doc,>(path: string, data: unknown) => api.post<T>(`${SYS}/${path}`, { DATA: data });

/** A company list of the admin API (`<resource>/list`), its delete (`<resource>/delete`) and a refresh after changes. */
export function useAdminList(resource: string, key: string) {
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['admin', key], queryFn: () => get<Doc[]>(`${resource}/list`) });
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin', key] });
  const remove = async (row: Doc) => {
    await post(`${resource}/delete`, [row.id]);
    toastSuccess(i18n.t('admin.common.deleted'));
    await refresh();
  };
  return { list, refresh, remove };
}

export function AdminPage({ title, extra, children, testId }: { title: string; extra?: ReactNode; children: ReactNode; testId: string }) {
  return (
    // The shell already shows the menu's title above the page; the screen names itself for
    // assistive technology and keeps its toolbar.
    <section data-testid={testId} aria-label={title} style={{ padding: 16 }}>
      {extra && <Space style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 12 }}>{extra}</Space>}
      <Card size="small">{children}</Card>
    </section>
  );
}

/** Puts a 11000 answer's messages on the form's fields; other errors go on (already shown). */
export function applyFieldErrors(form: FormInstance, err: unknown): void {
  if (!(err instanceof FieldErrorsError)) return;
  toastError(i18n.t('form.correctInput'));
  form.setFields(
    Object.entries(err.errors)
      .filter(([, msgs]) => Array.isArray(msgs) && msgs.every((m) => typeof m === 'string'))
      .map(([name, msgs]) => ({ name, errors: msgs as string[] })),
  );
}

/** Company administrators (and the super admin) write; others with the menu may look. */
export function useIsCompanyAdmin(): boolean {
  const user = useSessionUser();
  return Boolean(user && (user.user_type === 'ADMIN' || user.is_super_admin));
}

export function useIsSuperAdmin(): boolean {
  return Boolean(useSessionUser()?.is_super_admin);
}
