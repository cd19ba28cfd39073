// Where a definition's list sends the user (the index and the tabbed list): a row opens in its
// form (edit for those who may write, else view), 'new' opens an empty one, Import goes to the
// business import centre preset to the entity.
import { useNavigate } from 'react-router';
import type { Row } from '../data/source';
import { entityPaths } from '../paths';
import type { EntityEntry } from '../registry';
import { canWrite, useSessionContext } from '../session';

export function useListNavigation(entry: EntityEntry) {
  const navigate = useNavigate();
  const session = useSessionContext();
  const paths = entityPaths(entry);
  const id = (row: Row) => String(row.id);
  return {
    onOpen: (row: Row) => navigate(canWrite(entry.def, session) ? paths.edit(id(row)) : paths.view(id(row))),
    onView: (row: Row) => navigate(paths.view(id(row))),
    onEdit: (row: Row) => navigate(paths.edit(id(row))),
    onCreate: () => navigate(paths.create),
    importTo: paths.importCentre,
  };
}
