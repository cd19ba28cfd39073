// A table row that opens like the engine's lists: focusable, Enter (on the row itself, not on a
// button inside it) or a double click opens it.
import type { KeyboardEvent } from 'react';

export function openableRow(open: () => void) {
  return {
    tabIndex: 0,
    onDoubleClick: open,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' && e.target === e.currentTarget) open();
    },
  };
}
