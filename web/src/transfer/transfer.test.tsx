// The import centre and the batch image upload in the browser: files checked before anything is
// sent (UPL-01..04, UPL-09), the page's import links (UPL-08), 'Upload failed' (UPL-07) and the
// rendering of an import's result.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ResponseInput } from '@seamline/core';
import { AppProviders } from '../AppProviders';
import { setLang } from '../i18n';
import { fakeServer } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { storeSignedIn, USER } from '../test/session';
import { setTransport, type ImportErrors, type UploadLink } from './api';
import { checkImageFile, checkImportFile, formatBytes, imageInfo, type UploadRules } from './checks';
import { ImportResultView, problemLines } from './ImportResultView';

vi.setConfig({ testTimeout: 30_000 });

const MB = 1024 * 1024;
const LINKS = 'crossapi/ccommonapi/data-upload/page-upload-links';

const VENDOR: UploadLink = {
  entity: 'vendor',
  label: 'Vendor',
  api: '/api/mdapi/vendor',
  template: '/api/mdapi/vendor/import-template',
  import: '/api/mdapi/vendor/import',
  export: '/api/mdapi/vendor/export',
  route: '/md/index/vendor',
  menu_code: 'SRM_VENDOR',
  modes: ['create', 'upsert'],
  key_field: 'code',
  key_label: 'Vendor code',
  max_rows: 5000,
  max_bytes: 10 * MB,
};

/** A PNG header of the given size (enough for the browser check, which reads the header). */
function png(w: number, h: number, size = 64): Uint8Array {
  const b = new Uint8Array(Math.max(size, 33));
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, w);
  new DataView(b.buffer).setUint32(20, h);
  return b;
}
const fileOf = (bytes: Uint8Array | string, name: string, type = '') => new File([bytes as BlobPart], name, { type });
/** A file claiming `size` bytes without allocating them. */
function sized(file: File, size: number): File {
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const RULES: UploadRules = { max_bytes: 2 * MB, formats: ['image/png'], extensions: ['.png', '.jpg'], width: 200, height: 200, exact: true, max_files: 20 };

beforeEach(() => setLang('en'));
afterEach(() => setTransport(null));

describe('client-side checks', () => {
  it('skips what is not .xlsx, empty or over the limit (UPL-01, UPL-02)', () => {
    expect(checkImportFile({ name: 'a.pdf', size: 10 }, MB)).toEqual({ key: 'transfer.file.notXlsx', params: { name: 'a.pdf' } });
    expect(checkImportFile({ name: 'v.xlsx', size: 12 * MB }, 10 * MB)).toEqual({ key: 'transfer.file.tooLarge', params: { name: 'v.xlsx', size: '10 MB' } });
    expect(checkImportFile({ name: 'v.xlsx', size: 0 }, MB)?.key).toBe('transfer.file.empty');
    expect(checkImportFile({ name: 'Vendors.XLSX', size: MB }, 10 * MB)).toBeNull();
    expect(formatBytes(1536)).toBe('1.5 KB');
  });

  it('reads format and size from the bytes of PNG, GIF, WebP and JPEG', () => {
    expect(imageInfo(png(200, 100))).toEqual({ format: 'png', width: 200, height: 100 });
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x2c, 0x01, 0xc8, 0x00]);
    expect(imageInfo(gif)).toEqual({ format: 'gif', width: 300, height: 200 });
    const webp = new Uint8Array(30);
    webp.set([...'RIFF'].map((c) => c.charCodeAt(0)), 0);
    webp.set([...'WEBPVP8X'].map((c) => c.charCodeAt(0)), 8);
    webp.set([199, 0, 0, 99, 0, 0], 24);
    expect(imageInfo(webp)).toEqual({ format: 'webp', width: 200, height: 100 });
    // JPEG: SOI, an APP0 segment, then SOF0 with height 480 and width 640.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0x01, 0xe0, 0x02, 0x80, 3, 0, 0, 0]);
    expect(imageInfo(jpeg)).toEqual({ format: 'jpeg', width: 640, height: 480 });
    expect(imageInfo(new TextEncoder().encode('%PDF-1.7 not an image'))).toBeNull();
  });

  it('checks an image against the rules: size, format, exact or minimum width × height (UPL-03, UPL-04)', async () => {
    expect(await checkImageFile(fileOf(png(200, 200), 'ok.png'), RULES)).toBeNull();
    expect(await checkImageFile(fileOf(png(300, 200), 'wide.png'), RULES)).toEqual({
      key: 'transfer.img.exactSize',
      params: { name: 'wide.png', w: 300, h: 200, width: 200, height: 200 },
    });
    expect((await checkImageFile(sized(fileOf(png(200, 200), 'big.png'), 2.1 * MB), RULES))?.key).toBe('transfer.file.tooLarge');
    expect(await checkImageFile(sized(fileOf(png(200, 200), 'fits.png'), 1.9 * MB), RULES)).toBeNull();
    expect((await checkImageFile(fileOf('plain text', 'fake.png'), RULES))?.key).toBe('transfer.img.badFormat');
    const min = { ...RULES, width: 600, height: 840, exact: false };
    expect((await checkImageFile(fileOf(png(500, 900), 'small.png'), min))?.key).toBe('transfer.img.minSize');
    expect(await checkImageFile(fileOf(png(700, 900), 'large.png'), min)).toBeNull();
  });
});

describe('import result', () => {
  const errors: ImportErrors = {
    rows: [
      { row: 3, errors: { owner_id: ['User “Nobody” does not exist'], grade: ['Please choose one of the listed values'] } },
      { row: 7, errors: { _document: ['Valid to must not be before valid from'] } },
    ],
    error_rows: 2,
    report: 'r-1',
    labels: { owner_id: 'Owner', grade: 'Grade' },
  };

  it('names each problem by the field label', () => {
    expect(problemLines(errors.rows[0].errors, errors.labels)).toEqual(['Owner: User “Nobody” does not exist', 'Grade: Please choose one of the listed values']);
    expect(problemLines(errors.rows[1].errors, errors.labels)).toEqual(['Valid to must not be before valid from']);
  });

  it('shows the count of a successful import and the columns it did not read', () => {
    render(
      <AppProviders>
        <ImportResultView outcome={{ kind: 'ok', result: { rows: 12, imported: 12, created: 10, updated: 2, ignored_columns: ['Notes'] } }} link={VENDOR} onAgain={() => {}} />
      </AppProviders>,
    );
    expect(screen.getByText('12 records imported')).toBeTruthy();
    expect(screen.getByText('10 added, 2 updated')).toBeTruthy();
    expect(screen.getByTestId('import-ignored').textContent).toBe('Columns not read (no such field): Notes');
  });

  it('lists the rows with errors and downloads the report', async () => {
    storeSignedIn();
    const server = fakeServer().on('GET', 'mdapi/vendor/import-report', () => new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': "attachment; filename=\"x.xlsx\"; filename*=UTF-8''Vendor%20errors.xlsx" } }));
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    render(
      <AppProviders>
        <ImportResultView outcome={{ kind: 'rows', errors, message: 'Nothing was imported: 2 row(s) have errors.' }} link={VENDOR} onAgain={() => {}} />
      </AppProviders>,
    );
    const table = screen.getByTestId('import-errors');
    expect(within(table).getByText('Nothing was imported: 2 row(s) have errors.')).toBeTruthy();
    expect(within(table).getByText('Owner: User “Nobody” does not exist')).toBeTruthy();
    expect(within(table).getByText('7')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-report'));
    await waitFor(() => expect(saved).toEqual(['Vendor errors.xlsx']));
    expect(server.calls('mdapi/vendor/import-report')[0].query.get('id')).toBe('r-1');
  });
});

function signedIn() {
  storeSignedIn({ token: 'T1' });
  return fakeServer().on('GET', 'utilsapi/access/user-state', () => ({ ...USER, user_type: 'ADMIN' }));
}

/** Picks files in an antd Upload (its hidden input). */
function pick(container: HTMLElement, files: File[]) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

describe('import centre', () => {
  it('asks page-upload-links for the page and lists what it returns (UPL-08)', async () => {
    const server = signedIn().on('GET', LINKS, () => [VENDOR, { ...VENDOR, entity: 'customer', label: 'Customer', modes: ['create'], key_field: null }]);
    renderApp('/page/upload/view?entity=vendor');
    const centre = await screen.findByTestId('import-centre');
    await waitFor(() => expect(server.calls(LINKS)).toHaveLength(1));
    expect(server.calls(LINKS)[0].query.get('page')).toBe('vendor');
    expect(within(centre).getByText('Vendor')).toBeTruthy();
    expect(within(centre).getByText('Download template')).toBeTruthy();
  });

  it('skips a non-.xlsx file with a message and sends nothing, then imports an .xlsx with progress (UPL-02)', async () => {
    signedIn().on('GET', LINKS, () => [VENDOR]);
    const sent: Array<{ url: string; form: FormData }> = [];
    setTransport(async (url, form, onProgress) => {
      sent.push({ url, form });
      onProgress?.(50);
      onProgress?.(100);
      return { status: 200, body: { message: 'OK', data: { results: { rows: 3, imported: 3, created: 3, updated: 0, ignored_columns: [] } } } };
    });
    renderApp('/page/upload/view?entity=vendor');
    const centre = await screen.findByTestId('import-centre');
    pick(centre, [fileOf('%PDF', 'a.pdf', 'application/pdf')]);
    expect(await screen.findByText('a.pdf is not an .xlsx file and was skipped')).toBeTruthy();
    expect((screen.getByTestId('import-start') as HTMLButtonElement).disabled).toBe(true);

    pick(centre, [fileOf('PK', 'vendors.xlsx')]);
    await waitFor(() => expect((screen.getByTestId('import-start') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('import-start'));
    expect(await screen.findByText('3 records imported')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toMatch(/^\/api\/mdapi\/vendor\/import\?token=T1$/);
    expect(sent[0].form.get('mode')).toBe('create');
    expect((sent[0].form.get('file') as File).name).toBe('vendors.xlsx');
  });

  it('skips a file over the size limit (UPL-01)', async () => {
    signedIn().on('GET', LINKS, () => [{ ...VENDOR, max_bytes: 10 * MB }]);
    renderApp('/page/upload/view?entity=vendor');
    const centre = await screen.findByTestId('import-centre');
    pick(centre, [sized(fileOf('PK', 'huge.xlsx'), 12 * MB)]);
    expect(await screen.findByText('huge.xlsx is larger than 10 MB and was skipped')).toBeTruthy();
  });

  it('shows “Upload failed” when the upload fails, beside the HTTP notification (UPL-07)', async () => {
    signedIn().on('GET', LINKS, () => [VENDOR]);
    setTransport(async () => ({ status: 500, body: { code: 500, message: 'Internal server error' } }) as ResponseInput);
    renderApp('/page/upload/view?entity=vendor');
    const centre = await screen.findByTestId('import-centre');
    pick(centre, [fileOf('PK', 'vendors.xlsx')]);
    await waitFor(() => expect((screen.getByTestId('import-start') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('import-start'));
    expect(await screen.findByTestId('import-failed')).toBeTruthy();
    expect((await screen.findAllByText('Upload failed')).length).toBeGreaterThan(0);
    expect((await screen.findByTestId('notify-error')).textContent).toBe('submit information is wrong: Internal server error');
  });

  it('shows the rows of a refused import (11000)', async () => {
    signedIn().on('GET', LINKS, () => [VENDOR]);
    setTransport(async () => ({
      status: 422,
      body: { code: 11000, message: 'Nothing was imported: 1 row(s) have errors.', data: { errors: { rows: [{ row: 4, errors: { grade: ['bad'] } }], error_rows: 1, report: 'r9', labels: { grade: 'Grade' } } } },
    }));
    renderApp('/page/upload/viewadv?entity=vendor');
    const centre = await screen.findByTestId('import-centre-advanced');
    expect(within(centre).getByTestId('import-max-rows').textContent).toBe('At most 5000 rows per file');
    fireEvent.click(within(centre).getByText('Add new, update existing (matched by Vendor code)'));
    pick(centre, [fileOf('PK', 'vendors.xlsx')]);
    await waitFor(() => expect((screen.getByTestId('import-start') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('import-start'));
    const table = await screen.findByTestId('import-errors');
    expect(within(table).getByText('Grade: bad')).toBeTruthy();
    expect(screen.getByTestId('import-report')).toBeTruthy();
  });

  it('lists every import of the user’s menus on /upload/index', async () => {
    const server = signedIn().on('GET', LINKS, () => [VENDOR]);
    renderApp('/upload/index');
    expect(await screen.findByTestId('upload-centre-vendor')).toBeTruthy();
    expect(server.calls(LINKS)[0].query.get('page')).toBeNull();
  });
});

describe('batch image upload', () => {
  it('checks every image, skips the bad ones with a message and sends the rest together (UPL-09)', async () => {
    const server = signedIn().on('GET', 'utilsapi/files/upload-rules', () => RULES);
    const sent: FormData[] = [];
    setTransport(async (url, form) => {
      sent.push(form);
      expect(url).toContain('profile=avatar');
      const names = form.getAll('file').map((f) => (f as File).name);
      return { status: 200, body: { message: 'OK', data: { results: names.map((name) => ({ name, ok: true, url: `/files/c/2026/01/${name}`, width: 200, height: 200, size: 64 })) } } };
    });
    renderApp('/page/uploadimg/avatar');
    const page = await screen.findByTestId('image-upload');
    await waitFor(() => expect(server.calls('utilsapi/files/upload-rules')[0].query.get('profile')).toBe('avatar'));
    expect(within(page).getByTestId('image-rules').textContent).toBe('PNG, JPEG, WebP or GIF, up to 2 MB each · exactly 200×200 pixels');
    pick(page, [
      fileOf(png(200, 200), 'a.png'),
      fileOf(png(200, 200), 'b.png'),
      sized(fileOf(png(200, 200), 'huge.png'), 2.1 * MB),
      fileOf(png(300, 200), 'wide.png'),
      fileOf(png(200, 200), 'c.png'),
      fileOf(png(200, 200), 'd.png'),
    ]);
    expect(await screen.findByText('huge.png is larger than 2 MB and was skipped')).toBeTruthy();
    expect(await screen.findByText('wide.png is 300×200; it must be exactly 200×200 pixels, so it was skipped')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('image-start').textContent).toBe('Upload 4 images'));
    fireEvent.click(screen.getByTestId('image-start'));
    await screen.findByTestId('image-results');
    expect(sent).toHaveLength(1);
    expect(sent[0].getAll('file').map((f) => (f as File).name).sort()).toEqual(['a.png', 'b.png', 'c.png', 'd.png']);
    expect((within(screen.getByTestId('image-result-a.png')).getByAltText('a.png') as HTMLImageElement).src).toContain('/files/c/2026/01/a.png?token=T1');
  });

  it('says “Upload failed” when the request fails (UPL-07)', async () => {
    signedIn().on('GET', 'utilsapi/files/upload-rules', () => ({ ...RULES, width: null, height: null }));
    setTransport(async () => ({ status: 400, body: { code: 400, message: 'Choose at least one file' } }));
    renderApp('/page/uploadimg/style');
    const page = await screen.findByTestId('image-upload');
    pick(page, [fileOf(png(10, 10), 'x.png')]);
    await waitFor(() => expect(screen.getByTestId('image-start').textContent).toBe('Upload 1 images'));
    fireEvent.click(screen.getByTestId('image-start'));
    expect(await screen.findByTestId('image-failed')).toBeTruthy();
    expect((await screen.findByTestId('notify-error')).textContent).toBe('Choose at least one file');
  });
});

