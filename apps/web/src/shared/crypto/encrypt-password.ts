/**
 * Password encryption of the sign-in (spec §7 gettoken): RSA-OAEP with SHA-256 against the server's
 * SPKI PEM key (contract PublicKeySchema), ciphertext sent as base64. WebCrypto only exists in a secure
 * context (https or localhost); elsewhere this throws InsecureContextError.
 */

/** WebCrypto is unavailable: the page is served over plain http from a host other than localhost. */
export class InsecureContextError extends Error {
  constructor() {
    super('WebCrypto needs a secure context (https or localhost)');
    this.name = 'InsecureContextError';
  }
}

/** The DER bytes inside a PEM block. */
export function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END)[^-]*-----/g, '').replace(/\s+/g, '');
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Standard base64 of bytes. */
export function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Encrypts `password` (UTF-8) for the server; resolves with base64 ciphertext. */
export async function encryptPassword(
  password: string,
  publicKeyPem: string,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<string> {
  if (!subtle) throw new InsecureContextError();
  const key = await subtle.importKey(
    'spki',
    pemToDer(publicKeyPem),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
  return toBase64(cipher);
}
