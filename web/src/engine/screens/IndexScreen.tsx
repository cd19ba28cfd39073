// {cata}/index/{opt}: the list of a definition. Its search (q and p) is saved under the route's
// pathname and restored when the user comes back (SES-24); a row opens its form.
import { Card } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { TemplateProps } from '../../router/templates';
import type { Row } from '../data/source';
import { EntityList } from '../list/EntityList';
import { useListState } from '../list/useListState';
import { entityPaths } from '../paths';
import type { EntityEntry } from '../registry';
import { canWrite, useSessionContext } from '../session';
import { routeEntity } from './routeEntity';
import { NoEntity } from './states';

export default function IndexScreen(props: TemplateProps) {
  const { pathname } = useLocation();
  const entry = routeEntity(props);
  if (!entry) return <NoEntity opt={props.opt} />;
  // Another list is another saved search: start over from its own.
  return <IndexView key={pathname} entry={entry} routeKey={pathname} />;
}

function IndexView({ entry, routeKey }: { entry: EntityEntry; routeKey: string }) {
  const navigate = useNavigate();
  const session = useSessionContext();
  const state = useListState(entry.def, { routeKey });
  const paths = entityPaths(entry);
  const id = (row: Row) => String(row.id);
  return (
    <Card className="sl-list-card" data-testid="index-screen">
      <EntityList
        entry={entry}
        state={state}
        routeKey={routeKey}
        onOpen={(row) => navigate(canWrite(entry.def, session) ? paths.edit(id(row)) : paths.view(id(row)))}
        onView={(row) => navigate(paths.view(id(row)))}
        onEdit={(row) => navigate(paths.edit(id(row)))}
        onCreate={() => navigate(paths.create)}
        importTo={paths.importCentre}
      />
    </Card>
  );
}
