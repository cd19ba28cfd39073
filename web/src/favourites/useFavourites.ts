// Favourite menus (spec §4): add (no duplicates) or remove through the profile API, then
// settings.FAV_MENUS in the session store follows the server's answer.
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addFavourite, removeFavourite } from '@seamline/core';
import { api, paths, toastSuccess } from '../api';
import { useFavouriteIds } from '../session/hooks';
import { favouriteIds } from '../session/selectors';
import { sessionStore } from '../session/store';

interface Toggle {
  id: string;
  on: boolean;
}

/** The server answers the new list; if it answers something else, core's rule computes it. */
function nextList(answer: unknown, { id, on }: Toggle): string[] {
  const current = favouriteIds(sessionStore.get());
  if (Array.isArray(answer)) return answer.filter((x): x is string => typeof x === 'string');
  return on ? addFavourite(current, id) : removeFavourite(current, id);
}

export function useFavourites() {
  const { t } = useTranslation();
  const ids = useFavouriteIds();
  const mutation = useMutation({
    mutationFn: (toggle: Toggle) =>
      api.post<unknown>(toggle.on ? paths.saveFavouriteMenus : paths.removeFavouriteMenus, { menuid: toggle.id }),
    onSuccess: (answer, toggle) => {
      sessionStore.updateSettings({ FAV_MENUS: nextList(answer, toggle) });
      toastSuccess(t(toggle.on ? 'fav.added' : 'fav.removed'));
    },
  });
  return {
    ids,
    isFavourite: (id: string) => ids.includes(id),
    add: (id: string) => mutation.mutate({ id, on: true }),
    remove: (id: string) => mutation.mutate({ id, on: false }),
    toggle: (id: string) => mutation.mutate({ id, on: !ids.includes(id) }),
    /** The menu whose change is in flight, so its star can spin. */
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
  };
}
