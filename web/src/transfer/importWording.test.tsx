// Words a new user tripped over (issue 13): '1 records'; a failed import that keeps only a bare
// 'Upload failed' once the notification is gone; the failed-import banner saying its title twice.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ResponseInput } from '@seamline/core';
import { AppProviders } from '../AppProviders';
import { i18n, setLang } from '../i18n';
import '../engine/i18n';
import '../transfer/i18n';
import { fakeServer } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { storeSignedIn, USER } from '../test/session';
import { setTransport, type UploadLink } from './api';
import { ImportResultView } from './ImportResultView';

vi.setConfig({ testTimeout: 120_000 });

const VENDOR: UploadLink = {
  entity: 'vendor', label: 'Vendor', api: '/api/mdapi/vendor', template: '/api/mdapi/vendor/import-template', import: '/api/mdapi/vendor/import',
  export: '/api/mdapi/vendor/export', route: '/md/index/vendor', menu_code: 'SRM_VENDOR', modes: ['create', 'upsert'], key_field: 'code',
  key_label: 'Vendor code', max_rows: 5000, max_bytes: 10 * 1024 * 1024,
};

beforeEach(() => setLang('en'));
afterEach(() => setTransport(null));

describe('counts in English', () => {
  it('one record, one row: singular; many: plural; Chinese unchanged', () => {
    expect(i18n.t('engine.list.total', { total: 1, count: 1 })).toBe('1 record');
    expect(i18n.t('engine.list.total', { total: 45, count: 45 })).toBe('45 records');
    expect(i18n.t('transfer.result.rowsTotal', { count: 1 })).toBe('1 row has errors');
    expect(i18n.t('transfer.result.rowsTotal', { count: 3 })).toBe('3 rows have errors');
    setLang('zh');
    expect(i18n.t('engine.list.total', { total: 1, count: 1 })).toBe('共 1 条');
  });
});

describe('failed import', () => {
  it('keeps the reason on the page under “Upload failed”', async () => {
    storeSignedIn({ token: 'T1' });
    fakeServer()
      .on('GET', 'utilsapi/access/user-state', () => ({ ...USER, user_type: 'ADMIN' }))
      .on('GET', 'crossapi/ccommonapi/data-upload/page-upload-links', () => [VENDOR]);
    setTransport(async () => ({ status: 400, body: { code: 400, message: 'the file is not a workbook' } }) as ResponseInput);
    renderApp('/page/upload/view?entity=vendor');
    const centre = await screen.findByTestId('import-centre');
    fireEvent.change(centre.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [new File(['PK'], 'vendors.xlsx')] } });
    await waitFor(() => expect((screen.getByTestId('import-start') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('import-start'));
    const failed = await screen.findByTestId('import-failed');
    expect(failed.textContent).toContain('Upload failed');
    expect(failed.textContent).toContain('the file is not a workbook');
  });

  it('says “Nothing was imported” once when the server sentence already does', () => {
    const errors = { rows: [{ row: 4, errors: { grade: ['bad'] } }], error_rows: 1, report: null, labels: { grade: 'Grade' } };
    render(
      <AppProviders>
        <ImportResultView outcome={{ kind: 'rows', errors, message: 'Nothing was imported: 1 row(s) have errors.' }} link={VENDOR} onAgain={() => {}} />
      </AppProviders>,
    );
    const banner = within(screen.getByTestId('import-errors')).getByRole('alert');
    expect(banner.textContent!.match(/Nothing was imported/g)).toHaveLength(1);
  });
});
