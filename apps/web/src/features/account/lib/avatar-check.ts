/**
 * The avatar checks the server makes (contract AVATAR_TYPES, AVATAR_MAX_BYTES), made before the upload
 * so a wrong file is refused at once with the same catalogue message.
 */
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@ems/contract/api/account';

/** A refusal: a catalogue key of messages.ts and its parameters. */
export interface AvatarProblem {
  key: 'validation.imageType' | 'validation.imageSize';
  params: Record<string, number>;
}

/** Why `file` cannot be an avatar, or null when it may be uploaded. */
export function avatarProblem(file: { type: string; size: number }): AvatarProblem | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
    return { key: 'validation.imageType', params: {} };
  }
  if (file.size > AVATAR_MAX_BYTES) {
    return { key: 'validation.imageSize', params: { maxKb: Math.floor(AVATAR_MAX_BYTES / 1024) } };
  }
  return null;
}
