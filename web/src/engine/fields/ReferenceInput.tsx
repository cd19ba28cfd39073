// A reference field (FORM-21): a select that searches the target entity by its display field,
// plus a button that opens the target's pick list in a modal. The store keeps the row's id; the
// label comes from the document (`__display`), the search results or the pick (core pickResult).
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { Button, Select, Space, Tooltip } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pickLabel, pickResult, refFilterQuery, type FieldDef } from '@seamline/core';
import { useApiQuery } from '../../api';
import { useLang } from '../../i18n';
import { usePageList } from '../data/hooks';
import { rememberLabel, reportMissingLabel, useRefLabel } from '../data/refLabels';
import type { Row } from '../data/source';
import { entityByName, type EntityEntry } from '../registry';

const PickModal = lazy(() => import('../pick/PickModal'));
const USER_OPTIONS = 'utilsapi/users/options';

/** What Form.Item and the filter bar hand any field control (FieldInput adds the entity). */
export interface ReferenceInputProps {
  field: FieldDef;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  /** Child-table cells and filter bars are compact. */
  size?: 'small' | 'middle';
  'aria-label'?: string;
}

const SEARCH_SIZE = 20;

export function ReferenceInput(props: ReferenceInputProps) {
  if (props.field.ref?.entity === 'user') return <UserReference {...props} />;
  const target = entityByName(props.field.ref?.entity);
  return target ? <SearchableReference {...props} target={target} /> : <PlainReference {...props} />;
}

/** The text a target row shows for this field: its ref.displayField, else the entity's display field. */
function rowLabel(field: FieldDef, target: EntityEntry, row: Row): string {
  const shown = pickResult(field, row).label;
  if (shown) return shown;
  // A reply without the configured display field is logged only (REQ-22).
  if (!(field.ref!.displayField in row)) reportMissingLabel(target.def.name, field.name, row.id);
  const fallback = row[target.def.display];
  return fallback === null || fallback === undefined ? String(row.id ?? '') : String(fallback);
}

function SearchableReference(props: ReferenceInputProps & { target: EntityEntry }) {
  const { field, value, onChange, disabled, size, target } = props;
  const { t } = useTranslation();
  const lang = useLang();
  const entity = field.ref!.entity;
  const displayField = field.ref!.displayField;
  const label = useRefLabel(entity, value);
  const [picking, setPicking] = useState(false);
  const typed = useTyped();
  const { open, search } = typed;
  // ref.filter travels as the q of both the search and the pick list, so the server lists only choosable rows.
  const fixedQ = useMemo(() => refFilterQuery(field), [field]);
  const q = useMemo(() => (search ? { ...fixedQ, [displayField]: { op: 'like', value: search } } : fixedQ), [displayField, search, fixedQ]);
  const p = useMemo(() => ({ page: 1, size: SEARCH_SIZE, sort: [] }), []);
  const list = usePageList(target, q, p, open && !disabled);

  const options = useMemo(
    () => withCurrent((list.data?.rows ?? []).map((row) => ({ value: String(row.id), label: rowLabel(field, target, row) })), value, label),
    [list.data, field, target, value, label],
  );

  const choose = (row: Row) => {
    const { value: picked } = pickResult(field, row);
    rememberLabel(entity, picked, rowLabel(field, target, row));
    onChange?.(picked);
    setPicking(false);
  };

  const targetName = pickLabel(target.def.label, lang);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <SearchSelect
        control={props}
        typed={typed}
        answer={list}
        options={options}
        placeholder={t('engine.reference.search', { entity: targetName })}
        onChange={(v) => {
          const row = list.data?.rows.find((r) => String(r.id) === v);
          if (row) rememberLabel(entity, v, rowLabel(field, target, row));
          onChange?.(v);
        }}
      />
      {!disabled && (
        <Tooltip title={t('engine.reference.pick', { entity: targetName })}>
          <Button
            size={size}
            icon={<SearchOutlined />}
            aria-label={t('engine.reference.pick', { entity: targetName })}
            data-testid={`pick-${field.name}`}
            onClick={() => setPicking(true)}
          />
        </Tooltip>
      )}
      {picking && (
        <Suspense fallback={null}>
          <PickModal entry={target} fixedQ={fixedQ} title={t('engine.reference.pick', { entity: targetName })} onChoose={choose} onClose={() => setPicking(false)} />
        </Suspense>
      )}
    </Space.Compact>
  );
}

interface UserOption {
  value: string;
  label: string | null;
  username: string;
}

/** Platform users are no engine entity: the company's users come from utilsapi/users/options. */
function UserReference(props: ReferenceInputProps) {
  const { field, value, onChange, disabled } = props;
  const { t } = useTranslation();
  const label = useRefLabel(field.ref?.entity, value);
  const typed = useTyped();
  const { open, search } = typed;
  // ref.filter { menu } offers only the people who open that menu (e.g. reviewers who can score).
  const menu = field.ref?.filter?.menu;
  const params = typeof menu === 'string' ? { search, menu } : { search };
  const users = useApiQuery<UserOption[]>(USER_OPTIONS, params, { enabled: open && !disabled, staleTime: 30_000 });
  const options = useMemo(
    () => withCurrent((users.data ?? []).map((u) => ({ value: u.value, label: u.label ? `${u.label} (${u.username})` : u.username })), value, label),
    [users.data, value, label],
  );
  return (
    <SearchSelect
      control={props}
      typed={typed}
      answer={users}
      options={options}
      placeholder={t('engine.reference.searchUsers')}
      onChange={(v) => {
        const chosen = options.find((o) => o.value === v);
        if (chosen) rememberLabel('user', chosen.value, chosen.label);
        onChange?.(v);
      }}
    />
  );
}

type Option = { value: string; label: string };

/** The current value stays an option (with its known label) when the search answer lacks it. */
function withCurrent(out: Option[], value: unknown, label: string | null | undefined): Option[] {
  if (typeof value === 'string' && value && !out.some((o) => o.value === value)) out.unshift({ value, label: label ?? value });
  return out;
}

/** What the user types into a server-searched select: the search follows it deferred, and only while open. */
function useTyped() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  return { open, setOpen, text, setText, search };
}

interface SearchSelectProps {
  control: ReferenceInputProps;
  typed: ReturnType<typeof useTyped>;
  /** The query that answers the search. */
  answer: { isFetching: boolean; isError: boolean };
  options: Option[];
  placeholder: string;
  /** The chosen id, or null when cleared. */
  onChange: (value: string | null) => void;
}

/** A select searched on the server: the options are the latest answer to what the user typed. */
function SearchSelect({ control, typed, answer, options, placeholder, onChange }: SearchSelectProps) {
  const { t } = useTranslation();
  const { value } = control;
  return (
    <Select
      id={control.id}
      aria-label={control['aria-label']}
      size={control.size}
      disabled={control.disabled}
      options={options}
      placeholder={placeholder}
      onOpenChange={typed.setOpen}
      loading={answer.isFetching}
      style={{ width: '100%' }}
      value={typeof value === 'string' && value ? value : undefined}
      showSearch
      filterOption={false}
      searchValue={typed.text}
      onSearch={typed.setText}
      allowClear
      notFoundContent={answer.isError ? t('common.loadingFailed') : undefined}
      onChange={(v: string | undefined) => {
        typed.setText('');
        onChange(v ?? null);
      }}
    />
  );
}

/** A target without a registered list (e.g. platform users): shows the label, can be cleared, not searched. */
function PlainReference({ field, value, onChange, id, disabled, size, ...rest }: ReferenceInputProps) {
  const { t } = useTranslation();
  const label = useRefLabel(field.ref?.entity, value);
  const has = typeof value === 'string' && value !== '';
  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      size={size}
      disabled={disabled}
      style={{ width: '100%' }}
      value={has ? value : undefined}
      options={has ? [{ value, label: label ?? value }] : []}
      allowClear
      onChange={(v) => onChange?.(v ?? null)}
      notFoundContent={t('engine.reference.noPicker')}
      placeholder={t('engine.reference.noPicker')}
    />
  );
}
