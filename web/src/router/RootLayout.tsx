// The root of every route: the routed view, the top loading bar during navigations (including a
// lazily loaded page's code) and the document title.
import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { doneProgress, startProgress } from '../shell/progress';
import { useDocumentTitle } from './title';

function useNavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return undefined;
    startProgress();
    return doneProgress;
  }, [busy]);
}

export function RootLayout() {
  useNavigationProgress();
  useDocumentTitle();
  return <Outlet />;
}
