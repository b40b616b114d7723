/** POST /owner_api/webpvesc/ajax/user/avatar (multipart, field `file`): the new avatar's URL. */
import type { AvatarSchema } from '@ems/contract/api/account';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** `{avatar}`: the URL user/info will show from now on. */
export type AvatarUploaded = z.infer<typeof AvatarSchema>;

/** Uploads `file` (PNG, JPEG or WebP, at most AVATAR_MAX_BYTES; check with avatarProblem first). */
export function uploadAvatar(file: Blob): Promise<AvatarUploaded> {
  const form = new FormData();
  form.append('file', file);
  return api.upload<AvatarUploaded>('/webpvesc/ajax/user/avatar', form);
}
