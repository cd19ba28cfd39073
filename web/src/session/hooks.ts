// React views of the session user. Derived lists are memoised on the user object, which the
// store replaces on every change, so components re-render exactly when the user changes.
import { useMemo } from 'react';
import { useSessionUser } from './store';
import { displayName, favouriteIds, menuGuideOn, menuList, menusByCategory } from './selectors';

export function useMenus() {
  const user = useSessionUser();
  return useMemo(() => menuList(user), [user]);
}

export function useMenusByCategory() {
  const user = useSessionUser();
  return useMemo(() => menusByCategory(user), [user]);
}

export function useFavouriteIds() {
  const user = useSessionUser();
  return useMemo(() => favouriteIds(user), [user]);
}

export function useMenuGuideOn() {
  const user = useSessionUser();
  return useMemo(() => menuGuideOn(user), [user]);
}

export function useDisplayName() {
  return displayName(useSessionUser());
}
