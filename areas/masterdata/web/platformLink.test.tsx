// The vendor's platform company is picked by name (issue 13): the panel under a saved vendor says
// whether it is linked, offers the platform's companies from the server's search, and saves the
// chosen company's id with the vendor's version, then re-reads the document.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AppProviders, fakeServer, storeSignedIn } from '@seamline/web/testing';
import { queryClient, setLang } from '@seamline/web/engine';
import { PlatformLink } from './PlatformLink';

const COMPANIES = [
  { value: 'c-garment', label: 'Demo Garment Factory', code: 'DEMO_GARMENT' },
  { value: 'c-fabric', label: 'Demo Fabric Mill', code: 'DEMO_FABRIC' },
];

beforeEach(() => {
  queryClient.clear();
  storeSignedIn();
});

describe('vendor platform company picker', () => {
  it.each([
    ['en', 'Not linked', 'Link'],
    ['zh', '未关联', '关联'],
  ] as const)('%s: says it is not linked, then links the company picked by name', { timeout: 30_000 }, async (lang, notLinked, linkLabel) => {
    setLang(lang);
    const server = fakeServer()
      .on('GET', 'mdapi/vendor/platform-companies', () => COMPANIES)
      .on('POST', 'mdapi/vendor/save', () => ({ id: 'v1', version: 3, supplier_client_id: 'c-fabric' }));
    const refresh = vi.fn(async () => undefined);
    render(
      <AppProviders>
        <PlatformLink doc={{ id: 'v1', version: 2, supplier_client_id: null }} readOnly={false} refresh={refresh} />
      </AppProviders>,
    );
    expect(screen.getByTestId('vendor-platform-current').textContent).toContain(notLinked);
    expect((screen.getByTestId('vendor-platform-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseDown(within(screen.getByTestId('vendor-platform-pick')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Demo Fabric Mill (DEMO_FABRIC)'));
    fireEvent.click(screen.getByRole('button', { name: new RegExp(linkLabel.split('').join('\\s?')) }));
    await waitFor(() => expect(server.calls('mdapi/vendor/save')).toHaveLength(1));
    expect(JSON.parse(server.calls('mdapi/vendor/save')[0]!.body!.get('DATA')!)).toEqual({ id: 'v1', version: 2, supplier_client_id: 'c-fabric' });
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it('names the linked company and offers no change when read-only', async () => {
    setLang('en');
    fakeServer().on('GET', 'mdapi/vendor/platform-companies', () => COMPANIES);
    render(
      <AppProviders>
        <PlatformLink doc={{ id: 'v1', version: 2, supplier_client_id: 'c-garment' }} readOnly refresh={async () => undefined} />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('vendor-platform-current').textContent).toBe('Demo Garment Factory (DEMO_GARMENT)'));
    expect(screen.queryByTestId('vendor-platform-pick')).toBeNull();
  });
});
