// The RSA key pair that protects credentials on their way to access/login. Generated once and
// kept in the database, so every server node and every restart uses the same key.
import { createPrivateKey, generateKeyPair, privateDecrypt, constants, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { eq, serverKey, type Db } from '@seamline/server/api';

const KEY_NAME = 'login-rsa';

interface LoginKey {
  publicPem: string;
  privateKey: KeyObject;
}

// The key never changes once stored, so a per-database memo is safe on any number of nodes.
const loaded = new WeakMap<Db, Promise<LoginKey>>();

export function loginKey(db: Db): Promise<LoginKey> {
  let key = loaded.get(db);
  if (!key) {
    key = loadOrCreate(db);
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}

async function loadOrCreate(db: Db): Promise<LoginKey> {
  const stored = await read(db);
  if (stored) return stored;
  const pair = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  // Another node may have stored its key meanwhile: the first one wins, everyone reads it back.
  await db.asSystem((tx) =>
    tx.insert(serverKey).values({ name: KEY_NAME, publicPem: pair.publicKey, privatePem: pair.privateKey }).onConflictDoNothing(),
  );
  return (await read(db))!;
}

async function read(db: Db): Promise<LoginKey | null> {
  const rows = await db.asSystem((tx) => tx.select().from(serverKey).where(eq(serverKey.name, KEY_NAME)));
  const row = rows[0];
  return row ? { publicPem: row.publicPem, privateKey: createPrivateKey(row.privatePem) } : null;
}

/** base64(RSA-OAEP-SHA256(plaintext)) → plaintext, or null when it is not ours or not valid. */
export async function decryptWithLoginKey(db: Db, base64: string): Promise<string | null> {
  const { privateKey } = await loginKey(db);
  try {
    return privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    ).toString('utf8');
  } catch {
    return null;
  }
}
