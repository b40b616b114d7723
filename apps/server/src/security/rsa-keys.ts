/**
 * The server's RSA key pair for password transport: the browser encrypts the password with WebCrypto
 * RSA-OAEP + SHA-256 against the public key; only this process can read it (issue 2 §6).
 */
import {
  constants,
  createHash,
  createPrivateKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { promisify } from 'node:util';

/** Key size in bits; OAEP ciphertexts are exactly this many bits long. */
export const RSA_MODULUS_BITS = 3072;

/** The stored form of the key pair (settings key 'rsa_keypair'): PEM strings, SPKI and PKCS#8. */
export interface StoredKeyPair {
  publicKey: string;
  privateKey: string;
  keyId: string;
  createdAt: string;
}

/** A loaded key pair: the public half as served, the private half parsed once for decryption. */
export interface ServerKeyPair {
  publicKeyPem: string;
  keyId: string;
  privateKey: KeyObject;
}

const generate = promisify(generateKeyPair);

/** Generates a fresh 3072-bit pair (about a second of CPU: once per installation). */
export async function generateStoredKeyPair(now = new Date()): Promise<StoredKeyPair> {
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: RSA_MODULUS_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey, privateKey, keyId: keyIdOf(publicKey), createdAt: now.toISOString() };
}

/** Short fingerprint of a public key (first 16 hex digits of SHA-256 of its PEM). */
export function keyIdOf(publicKeyPem: string): string {
  return createHash('sha256').update(publicKeyPem).digest('hex').slice(0, 16);
}

/** Parses the stored pair for use; the private key is parsed here once, not per sign-in. */
export function loadKeyPair(stored: StoredKeyPair): ServerKeyPair {
  return {
    publicKeyPem: stored.publicKey,
    keyId: stored.keyId,
    privateKey: createPrivateKey(stored.privateKey),
  };
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Decrypts a base64 RSA-OAEP (SHA-256) ciphertext into the UTF-8 password, or returns null when the
 * input is not such a ciphertext for this key (plaintext, wrong key, tampered, wrong length).
 */
export function decryptPassword(keys: ServerKeyPair, base64: string): string | null {
  if (!BASE64.test(base64)) return null;
  const cipher = Buffer.from(base64, 'base64');
  if (cipher.length !== RSA_MODULUS_BITS / 8) return null;
  try {
    const plain = privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      cipher,
    ).toString('utf8');
    return plain.length > 0 ? plain : null;
  } catch {
    return null;
  }
}
