// The notice an action may return (an outsourced order to a supplier off the platform, issue 23):
// its dialog and its button read in the UI's language — antd's '知道了' in Chinese, not a fixed 'OK'.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders, fakeServer, storeSignedIn } from '@seamline/web/testing';
import { queryClient, setLang } from '@seamline/web/engine';
import { OUTSOURCED_ORDER_ACTIONS } from '../../meta';
import '../texts';
import { ActionBar } from '../ActionBar';

beforeEach(() => {
  queryClient.clear();
  storeSignedIn();
});

describe('an action’s notice', () => {
  it.each([
    ['zh', '提交', '知道了', '请注意'],
    ['en', 'Submit', 'OK', 'Please note'],
  ] as const)('%s: the dialog and its button in the UI’s language', { timeout: 60_000 }, async (lang, submit, ok, title) => {
    setLang(lang);
    fakeServer().on('POST', 'scmapi/outsourced-order/submit', () => ({ id: 'o1', version: 2, status: 'SUBMITTED', _notice: 'off the platform' }));
    render(
      <AppProviders>
        <ActionBar entity="outsourced-order" table={OUTSOURCED_ORDER_ACTIONS} doc={{ id: 'o1', version: 1, status: 'DRAFT', code: 'OO-1' }} side="owner" onDone={() => undefined} />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: new RegExp(submit.split('').join('\\s*')) }));
    fireEvent.click(await screen.findByTestId('confirm-submit'));
    const button = await screen.findByTestId('orders-notice-ok', undefined, { timeout: 30_000 });
    expect(button.textContent?.replace(/\s/g, '')).toBe(ok.replace(/\s/g, ''));
    await waitFor(() => expect(screen.getAllByText(title).length).toBeGreaterThan(0));
  });
});
