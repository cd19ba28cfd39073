// '/' and '/index' open the user's start page (personal setting START_PAGE), the workbench by default.
import { Navigate } from 'react-router';
import { useSessionUser } from '../session/store';

export const START_PAGES = ['/workspace/home', '/mydash'] as const;

export default function HomeRedirect() {
  const start = useSessionUser()?.settings?.START_PAGE;
  const to = START_PAGES.find((p) => p === start) ?? '/workspace/home';
  return <Navigate to={to} replace />;
}
