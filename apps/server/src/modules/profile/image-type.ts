/**
 * The real type of an uploaded image from its first bytes (its "magic number"), so a text file renamed
 * .png or sent with a false Content-Type is refused (issue 3 §7).
 */
import type { AVATAR_TYPES } from '@ems/contract/api/account';

/** One of the avatar types the contract accepts. */
export type ImageMime = (typeof AVATAR_TYPES)[number];

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (buf: Buffer, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);

/** 'image/png', 'image/jpeg' or 'image/webp' when `buf` starts like one, else null. */
export function sniffImageType(buf: Buffer): ImageMime | null {
  if (startsWith(buf, PNG)) return 'image/png';
  if (startsWith(buf, JPEG)) return 'image/jpeg';
  // RIFF container: "RIFF", 4-byte size, then the form type "WEBP".
  if (buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}
