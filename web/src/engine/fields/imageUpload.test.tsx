// An image field's upload: the field's rule is checked before anything is sent (spec §5, UPL-03).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FieldDef } from '@seamline/core';
import { AppProviders } from '../../AppProviders';
import { setTransport } from '../../transfer/api';
import { storeSignedIn } from '../../test/session';
import { ImageUpload, rulesOf } from './ImageUpload';

const logo: FieldDef = { name: 'logo', type: 'image', label: { en: 'Logo', zh: '标志' }, image: { width: 200, height: 200, exact: true, maxBytes: 2 * 1024 * 1024 } };

function png(w: number, h: number): File {
  const b = new Uint8Array(64);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, w);
  new DataView(b.buffer).setUint32(20, h);
  return new File([b], `logo-${w}x${h}.png`, { type: 'image/png' });
}

afterEach(() => setTransport(null));

describe('image field upload', () => {
  it('takes width, height, exactness and size from the field', () => {
    expect(rulesOf(logo)).toMatchObject({ width: 200, height: 200, exact: true, max_bytes: 2 * 1024 * 1024 });
  });

  it('refuses a wrong-size image without sending it, and stores the URL of a fitting one', async () => {
    storeSignedIn({ token: 'T1' });
    const sent: string[] = [];
    setTransport(async (url) => {
      sent.push(url);
      return { status: 200, body: { message: 'OK', data: { results: [{ name: 'logo-200x200.png', ok: true, url: '/files/c/2026/11/x.png' }] } } };
    });
    const onUploaded = vi.fn();
    const { container } = render(
      <AppProviders>
        <ImageUpload field={logo} onUploaded={onUploaded} />
      </AppProviders>,
    );
    // rc-upload renders a fresh input after every pick, so look it up each time
    const input = () => container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [png(300, 200)] } });
    expect((await screen.findAllByText(/logo-300x200\.png/)).length).toBeGreaterThan(0);
    expect(sent).toEqual([]);

    fireEvent.change(input(), { target: { files: [png(200, 200)] } });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('/files/c/2026/11/x.png'));
    expect(sent[0]).toMatch(/upload-image\?.*width=200/);
  });
});
