// What the administration screens share: the wire calls, their texts for the engine's record list
// and editor (RecordList, RecordEditor), and applying 11000 field errors to an antd form.
import { Select, type FormInstance } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, FieldErrorsError, toastError, toastSuccess, i18n, RecordPage, useSessionUser, type RecordControlProps } from '@seamline/web/engine';
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

/** The frame of an administration screen (the engine's, as RecordList draws it). */
export const AdminPage = RecordPage;

/** The texts of a definition's records screen (DefinitionRecords): the screen's own keys, the common buttons. */
export const adminTexts = <T,>(
  t: (key: string) => string,
  keys: { title: string; create: string; edit: string; deleteConfirm: (row: T) => string },
) => ({
  title: t(keys.title),
  create: t(keys.create),
  edit: t(keys.edit),
  deleteConfirm: keys.deleteConfirm,
  actions: t('admin.common.actions'),
  editAction: t('admin.common.edit'),
  remove: t('admin.common.delete'),
  save: t('admin.common.save'),
  cancel: t('admin.common.cancel'),
  saved: t('admin.common.saved'),
});

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

/** An editor control choosing several records of an admin list (a role's users, a user's roles), searched by their label. */
export function recordsPicker({ key, load, label, testId }: { key: unknown[]; load: () => Promise<Doc[]>; label: (row: Doc) => string; testId: string }) {
  return function RecordsPicker({ value, onChange, disabled }: RecordControlProps) {
    const rows = useQuery({ queryKey: key, queryFn: load });
    return (
      <Select
        mode="multiple"
        value={value}
        onChange={onChange}
        disabled={disabled}
        loading={rows.isLoading}
        optionFilterProp="label"
        options={(rows.data ?? []).map((r) => ({ value: r.id, label: label(r) }))}
        data-testid={testId}
      />
    );
  };
}
