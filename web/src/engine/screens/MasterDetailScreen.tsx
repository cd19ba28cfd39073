// {cata}/masterdetail/{opt}: the list on the left, the chosen document's form beside it (read-only
// for users who may not write). The choice lives in the address (?id=, ?new=1), so it can be shared.
import type { ReactNode } from 'react';
import { Card, Col, Empty, Row as GridRow } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TemplateProps } from '../../router/templates';
import { DocumentPanel } from '../form/DocumentPanel';
import { EntityList } from '../list/EntityList';
import { useListState } from '../list/useListState';
import type { EntityEntry } from '../registry';
import { routeEntity } from './routeEntity';
import { NoEntity } from './states';

/** The list beside a form stays narrow: the first columns of the definition. */
const MASTER_COLUMNS = 3;

export default function MasterDetailScreen(props: TemplateProps) {
  const { pathname } = useLocation();
  const entry = routeEntity(props);
  if (!entry) return <NoEntity opt={props.opt} />;
  return <MasterDetail key={pathname} entry={entry} routeKey={pathname} />;
}

function MasterDetail({ entry, routeKey }: { entry: EntityEntry; routeKey: string }) {
  return (
    <MasterDetailLayout
      entry={entry}
      routeKey={routeKey}
      testId="masterdetail"
      renderDetail={({ id, open }) => (
        <DocumentPanel
          key={id ?? 'new'}
          entry={entry}
          id={id}
          embedded
          onSaved={(doc, created) => {
            if (created) open(String(doc.id));
          }}
        />
      )}
    />
  );
}

export interface MasterDetailLayoutProps {
  entry: EntityEntry;
  routeKey: string;
  /** Prefix of the test ids: `<testId>-screen`, `<testId>-empty`. */
  testId: string;
  /** How many list columns (default: the first three of the definition). */
  listColumns?: number;
  /** Width of the list in the 24-column grid on wide screens. */
  listSpan?: number;
  /** The chosen (id) or new (null) document; `open` moves the address to another id. */
  renderDetail: (ctx: { id: string | null; open: (id: string | null) => void }) => ReactNode;
}

/** The list left, the chosen document right, the choice in the address — shared with designers. */
export function MasterDetailLayout({ entry, routeKey, testId, listColumns = MASTER_COLUMNS, listSpan = 9, renderDetail }: MasterDetailLayoutProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useListState(entry.def, { routeKey });
  const id = params.get('id');
  const creating = params.get('new') === '1';
  const open = (next: string | null) => setParams(next ? { id: next } : {}, { replace: true });
  return (
    <GridRow gutter={16} data-testid={`${testId}-screen`}>
      <Col xs={24} xl={listSpan}>
        <Card className="sl-list-card">
          <EntityList
            entry={entry}
            state={state}
            routeKey={routeKey}
            columns={entry.def.list.columns.slice(0, listColumns)}
            selectedId={id}
            narrow
            onOpen={(row) => open(String(row.id))}
            onCreate={() => setParams({ new: '1' }, { replace: true })}
          />
        </Card>
      </Col>
      <Col xs={24} xl={24 - listSpan}>
        {id || creating ? (
          renderDetail({ id, open })
        ) : (
          <Card className="sl-document-card">
            <Empty description={t('engine.masterdetail.choose')} data-testid={`${testId}-empty`} />
          </Card>
        )}
      </Col>
    </GridRow>
  );
}
