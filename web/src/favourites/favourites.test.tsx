// Favourite menus on the workbench (CFG-23, CFG-24, CFG-25), server stubbed at fetch.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLang } from '../i18n';
import { sessionStore } from '../session/store';
import { fakeServer } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { storeSignedIn, USER } from '../test/session';

const SAVE = 'utilsapi/clientinfoapi/user-profile/save-favourite-menus';
const REMOVE = 'utilsapi/clientinfoapi/user-profile/remove-favourite-menus';

function server(initial: string[]) {
  let favs = [...initial];
  storeSignedIn();
  return fakeServer()
    .on('GET', 'utilsapi/access/user-state', () => ({ ...USER, settings: { FAV_MENUS: favs } }))
    .on('GET', 'utilsapi/clientinfoapi/user-profile/my-workspace-home-setting', () => ({}))
    .on('POST', SAVE, (req) => {
      const id = req.body?.get('menuid') ?? '';
      if (!favs.includes(id)) favs = [...favs, id];
      return favs;
    })
    .on('POST', REMOVE, (req) => {
      favs = favs.filter((f) => f !== req.body?.get('menuid'));
      return favs;
    });
}

beforeEach(() => setLang('en'));

describe('favourites', () => {
  it('star adds, close removes, and the list follows', async () => {
    const api = server([]);
    renderApp('/workspace/home');
    const list = await screen.findByTestId('fav-list');
    expect(within(list).queryByTestId('fav-item-M1')).toBeNull();

    fireEvent.click(screen.getByTestId('fav-star-M1'));
    expect(await within(list).findByTestId('fav-item-M1')).toBeTruthy();
    expect(api.calls(SAVE)[0].body?.get('menuid')).toBe('M1');
    expect(api.calls(SAVE)[0].query.get('token')).toBe('T1');
    expect(sessionStore.get()?.settings?.FAV_MENUS).toEqual(['M1']);
    expect(screen.getByTestId('fav-star-M1').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('fav-star-M3'));
    await within(list).findByTestId('fav-item-M3');
    expect(sessionStore.get()?.settings?.FAV_MENUS).toEqual(['M1', 'M3']);

    fireEvent.click(screen.getByTestId('fav-remove-M1'));
    await waitFor(() => expect(within(list).queryByTestId('fav-item-M1')).toBeNull());
    expect(api.calls(REMOVE)[0].body?.get('menuid')).toBe('M1');
    expect(sessionStore.get()?.settings?.FAV_MENUS).toEqual(['M3']);
  });

  it('favourites from the profile show on load; the star removes', async () => {
    const api = server(['M2']);
    renderApp('/workspace/home');
    const list = await screen.findByTestId('fav-list');
    expect(await within(list).findByTestId('fav-item-M2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('fav-star-M2'));
    await waitFor(() => expect(within(list).queryByTestId('fav-item-M2')).toBeNull());
    expect(api.calls(REMOVE)).toHaveLength(1);
  });
});
