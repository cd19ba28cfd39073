// /sys/masterdetail/cpm-process (menu SYS_PROCESS) and /sys/page/cpm-process?id=: the engine's
// process list on the left, the designer beside it. The choice lives in the address (?id=,
// ?new=1) like every master-detail screen.
import { Card, Col, Empty, Row as GridRow } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TemplateProps } from '../../../../web/src/router/templates';
import { EntityList } from '../../../../web/src/engine/list/EntityList';
import { useListState } from '../../../../web/src/engine/list/useListState';
import { routeEntity } from '../../../../web/src/engine/screens/routeEntity';
import { NoEntity } from '../../../../web/src/engine/screens/states';
import type { EntityEntry } from '../../../../web/src/engine/registry';
import '../messages';
import '../flow.css';
import { ProcessDesigner } from './ProcessDesigner';

export default function DesignerScreen(props: TemplateProps) {
  const { pathname } = useLocation();
  const entry = routeEntity(props);
  if (!entry) return <NoEntity opt={props.opt} />;
  if (props.kind === 'page') return <SingleDesigner entry={entry} />;
  return <ListAndDesigner key={pathname} entry={entry} routeKey={pathname} />;
}

function SingleDesigner({ entry }: { entry: EntityEntry }) {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const open = (next: string) => setParams({ id: next }, { replace: true });
  return <ProcessDesigner key={id ?? 'new'} entry={entry} id={id} onSaved={(doc, created) => created && open(String(doc.id))} onCopied={(doc) => open(String(doc.id))} />;
}

function ListAndDesigner({ entry, routeKey }: { entry: EntityEntry; routeKey: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useListState(entry.def, { routeKey });
  const id = params.get('id');
  const creating = params.get('new') === '1';
  const open = (next: string | null) => setParams(next ? { id: next } : {}, { replace: true });
  return (
    <GridRow gutter={16} data-testid="designer-screen">
      <Col xs={24} xl={6}>
        <Card className="sl-list-card">
          <EntityList
            entry={entry}
            state={state}
            routeKey={routeKey}
            columns={entry.def.list.columns.slice(0, 2)}
            selectedId={id}
            narrow
            onOpen={(row) => open(String(row.id))}
            onCreate={() => setParams({ new: '1' }, { replace: true })}
          />
        </Card>
      </Col>
      <Col xs={24} xl={18}>
        {id || creating ? (
          <ProcessDesigner
            key={id ?? 'new'}
            entry={entry}
            id={id}
            onSaved={(doc, created) => created && open(String(doc.id))}
            onCopied={(doc) => open(String(doc.id))}
          />
        ) : (
          <Card className="sl-document-card">
            <Empty description={t('engine.masterdetail.choose')} data-testid="designer-empty" />
          </Card>
        )}
      </Col>
    </GridRow>
  );
}
