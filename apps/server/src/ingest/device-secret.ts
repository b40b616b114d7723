/**
 * Per-device MQTT secrets (docs/device-protocol.md "Identity and authentication"). Secrets are long random
 * strings, so a fast hash is enough: devices.secret_hash holds SHA-256 of the secret as lowercase hex.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** SHA-256 of `secret` (UTF-8) as 64 lowercase hex characters: the value stored in devices.secret_hash. */
export function hashDeviceSecret(secret: string | Buffer): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** True when `secret` hashes to `secretHash`; the comparison takes the same time whatever the input. */
export function verifyDeviceSecret(secret: string | Buffer, secretHash: string): boolean {
  const actual = createHash('sha256').update(secret).digest();
  const expected = Buffer.from(secretHash, 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
