/**
 * Avatars (issue 3 §7): the uploaded bytes are checked by content (PNG, JPEG, WebP) and size, kept in
 * user_avatars (so every API node serves them), and users.avatar points at a URL that changes with
 * the image, so browsers may cache each URL for good.
 */
import { createHash } from 'node:crypto';
import { API_PREFIX } from '@ems/contract/constants';
import type { Db } from '../../db/client';
import { imageType } from './errors';
import { sniffImageType } from './image-type';
import { findAvatar, saveAvatar } from './repo';

/** Path of a user's avatar under the API prefix (GET, public). */
export const avatarPath = (userId: number) => `${API_PREFIX}/webpvesc/ajax/user/avatar/${userId}`;

/** Short content hash: the `v` of the avatar URL and the ETag. */
export const avatarVersion = (data: Buffer) =>
  createHash('sha256').update(data).digest('base64url').slice(0, 12);

/**
 * Stores `data` as the user's avatar (size already limited by the upload).
 * @returns the new users.avatar URL.
 * @throws imageType (40000, field 'file') when the bytes are not a PNG, JPEG or WebP image.
 */
export async function storeAvatar(db: Db, userId: number, data: Buffer): Promise<string> {
  const mime = sniffImageType(data);
  if (!mime) throw imageType();
  const url = `${avatarPath(userId)}?v=${avatarVersion(data)}`;
  await saveAvatar(db, userId, mime, data, url);
  return url;
}

/** A stored avatar with its version, or undefined. */
export async function loadAvatar(
  db: Db,
  userId: number,
): Promise<{ mime: string; data: Buffer; version: string } | undefined> {
  const found = await findAvatar(db, userId);
  return found && { ...found, version: avatarVersion(found.data) };
}
