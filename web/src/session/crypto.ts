// Credentials leave the browser only RSA-OAEP(SHA-256)-encrypted with the server's public key
// (spec §7 access/login; docs/api-session.md), base64-encoded.

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const b64 = pem.replace(/-----(BEGIN|END)[^-]+-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

function toBase64(buf: ArrayBuffer): string {
  const bytes = new Uint8Array(buf);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export async function encryptForServer(publicKeyPem: string, payload: unknown): Promise<string> {
  const key = await crypto.subtle.importKey(
    'spki',
    pemToDer(publicKeyPem),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const data = new TextEncoder().encode(JSON.stringify(payload));
  return toBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, data));
}
