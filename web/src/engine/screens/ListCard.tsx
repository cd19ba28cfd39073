// The card a definition's list screen stands in (the index and the tabbed list): the list whose
// rows open as useListNavigation says, with what the screen puts above it (the status switcher).
import type { ReactNode } from 'react';
import { Card } from 'antd';
import { EntityList, type EntityListProps } from '../list/EntityList';
import type { EntityEntry } from '../registry';
import { useListNavigation } from './listNavigation';

export function ListCard({ entry, state, routeKey, above, testId }: {
  entry: EntityEntry;
  state: EntityListProps['state'];
  routeKey: string | null;
  above?: ReactNode;
  testId: string;
}) {
  const navigation = useListNavigation(entry);
  return (
    <Card className="sl-list-card" data-testid={testId}>
      <EntityList entry={entry} state={state} routeKey={routeKey} above={above} {...navigation} />
    </Card>
  );
}
