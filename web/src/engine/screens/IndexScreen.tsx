// {cata}/index/{opt}: the list of a definition. Its search (q and p) is saved under the route's
// pathname and restored when the user comes back (SES-24); a row opens its form.
import { useLocation } from 'react-router';
import type { TemplateProps } from '../../router/templates';
import { useListState } from '../list/useListState';
import type { EntityEntry } from '../registry';
import { ListCard } from './ListCard';
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
  const state = useListState(entry.def, { routeKey });
  return <ListCard entry={entry} state={state} routeKey={routeKey} testId="index-screen" />;
}
