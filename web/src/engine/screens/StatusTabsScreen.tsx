// {cata}/ectabindex/{opt} and {cata}/ecindex/{opt}: the list split by the definition's status
// values, each with its count (one page-list of size 1 per status, under the user's other
// filters). ectabindex shows tabs; ecindex a compact row of status buttons above the same list.
import { useMemo } from 'react';
import { Radio, Tabs } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLabel, type EntityDef } from '@seamline/core';
import { useLang } from '../../i18n';
import type { TemplateProps } from '../../router/templates';
import { useCounts } from '../data/hooks';
import type { ListQuery } from '../data/source';
import { ALL_TAB, useListState } from '../list/useListState';
import type { EntityEntry } from '../registry';
import { ListCard } from './ListCard';
import { routeEntity } from './routeEntity';
import { NoEntity } from './states';

export default function StatusTabsScreen(props: TemplateProps) {
  const { pathname } = useLocation();
  const entry = routeEntity(props);
  if (!entry) return <NoEntity opt={props.opt} />;
  return <StatusTabs key={pathname} entry={entry} routeKey={pathname} variant={props.kind === 'ecindex' ? 'buttons' : 'tabs'} />;
}

interface Tab {
  key: string;
  label: string;
  extra: ListQuery;
}

function tabsOf(def: EntityDef, lang: string, allLabel: string): Tab[] {
  const field = def.status?.field;
  return [
    { key: ALL_TAB, label: allLabel, extra: {} },
    ...(def.status?.values ?? []).map((v) => ({ key: v.value, label: pickLabel(v.label, lang), extra: { [field!]: { op: 'eq', value: v.value } } })),
  ];
}

export function StatusTabs({ entry, routeKey, variant = 'tabs' }: { entry: EntityEntry; routeKey: string | null; variant?: 'tabs' | 'buttons' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { def } = entry;
  const statusField = def.status?.field;
  const state = useListState(def, { routeKey, tabField: statusField, defaultTab: ALL_TAB });
  const tabs = useMemo(() => tabsOf(def, lang, t('engine.tabs.all')), [def, lang, t]);
  // Counts follow the user's other filters, never a status filter of their own.
  const base = useMemo(() => {
    const rest = { ...state.ownQ };
    if (statusField) delete rest[statusField];
    return rest;
  }, [state.ownQ, statusField]);
  const counts = useCounts(entry, base, tabs.map((x) => x.extra));

  const label = (tab: Tab, i: number) => (
    <span>
      {tab.label}
      <span className="sl-tab-count" data-testid={`tab-count-${tab.key}`}>
        {counts[i]?.data ? counts[i].data!.total : '…'}
      </span>
    </span>
  );

  const switcher =
    variant === 'tabs' ? (
      <Tabs
        activeKey={state.tab}
        onChange={state.setTab}
        items={tabs.map((tab, i) => ({ key: tab.key, label: label(tab, i) }))}
        data-testid="status-tabs"
      />
    ) : (
      <Radio.Group
        value={state.tab}
        onChange={(e) => state.setTab(e.target.value)}
        optionType="button"
        buttonStyle="solid"
        style={{ marginBottom: 12 }}
        data-testid="status-tabs"
        options={tabs.map((tab, i) => ({ value: tab.key, label: label(tab, i) }))}
      />
    );

  return <ListCard entry={entry} state={state} routeKey={routeKey} above={switcher} testId="status-tabs-screen" />;
}
