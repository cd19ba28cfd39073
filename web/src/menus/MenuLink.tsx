import { Link } from 'react-router';
import { menuPath } from '../session/selectors';
import type { MenuEntry } from '../session/types';

export const menuTitle = (entry: MenuEntry) => (typeof entry.TITLE === 'string' && entry.TITLE) || entry.CODE;

/** A menu entry as a link; an entry without URL is shown as plain text. */
export function MenuLink({ entry }: { entry: MenuEntry }) {
  const path = menuPath(entry);
  return path ? <Link to={path}>{menuTitle(entry)}</Link> : <span>{menuTitle(entry)}</span>;
}
