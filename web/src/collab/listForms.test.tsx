// The pieces the task and announcement screens share (./shared: ListBar, useModalSubmit), through
// the screens: the state filter starts over at page 1; a form validates before it posts; the
// server's field errors stand under their fields; another failure of a publish says so.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '../i18n';
import type { SessionUser } from '../session/types';
import { fakeServer, json } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { storeSignedIn, USER } from '../test/session';

const N = 'utilsapi/notifyapi/notify-msg/';
const A = 'utilsapi/notifyapi/announcement/';

function signedIn(user: SessionUser = USER) {
  storeSignedIn();
  return fakeServer().on('GET', 'utilsapi/access/user-state', () => user);
}

beforeEach(() => setLang('en'));

describe('the task list and form', () => {
  it('a state filter asks page 1 of that state; an empty subject posts nothing; a field error stands under its field', async () => {
    const server = signedIn()
      .on('GET', N + 'page-task-list', () => ({ rows: [], total: 0, page: 1, size: 10 }))
      .on('POST', N + 'task-save', () => json(200, { code: 11000, message: 'check the fields', data: { errors: { subject: 'subject taken' } } }));
    renderApp('/workspace/mailindex?tab=tasks');
    fireEvent.click(await screen.findByText('Done', undefined, { timeout: 10_000 }));
    await waitFor(() => expect(server.calls(N + 'page-task-list').some((c) => c.query.get('status') === '30' && c.query.get('page') === '1')).toBe(true));

    fireEvent.click(screen.getByTestId('task-new'));
    fireEvent.click(await screen.findByTestId('task-save'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(server.calls(N + 'task-save')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('task-subject'), { target: { value: 'Check fabric' } });
    fireEvent.click(screen.getByTestId('task-save'));
    expect(await screen.findByText('subject taken')).toBeTruthy();
    expect(server.calls(N + 'task-save')).toHaveLength(1);
  });
});

describe('publishing an announcement', () => {
  it('a failure that is not a field error says publish failed, and the form stays open', async () => {
    const user = { ...USER, menus: { ...USER.menus, SYS: [{ ID: 'M9', CODE: 'COLLAB_ANNOUNCEMENT', CATEGORY: 'SYS', TITLE: 'Announcements', URL: '/workspace/announcements', SEQ: 9 }] } };
    const server = signedIn(user)
      .on('GET', A + 'page-list', () => ({ rows: [], total: 0, page: 1, size: 10 }))
      .on('POST', A + 'publish', () => json(500, { code: 500, message: 'boom' }));
    renderApp('/workspace/mailindex?tab=announcements');
    fireEvent.click(await screen.findByTestId('announcement-publish', undefined, { timeout: 10_000 }));
    fireEvent.change(await screen.findByTestId('announcement-title'), { target: { value: 'Holiday' } });
    fireEvent.change(screen.getByTestId('announcement-body'), { target: { value: 'Closed on Monday' } });
    fireEvent.click(screen.getByTestId('announcement-publish-ok'));
    expect(await screen.findByText('publish failed')).toBeTruthy();
    expect(server.calls(A + 'publish')).toHaveLength(1);
    expect(screen.getByTestId('announcement-title')).toBeTruthy();
  });
});
