import { createContext, useContext } from 'react';

/** True on read-only routes (/page/view, /printpage): screens render values, never inputs or save actions. */
export const ReadOnlyContext = createContext(false);

export const useReadOnly = () => useContext(ReadOnlyContext);
