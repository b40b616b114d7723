import { AVATAR_MAX_BYTES } from '@ems/contract/api/account';
import { describe, expect, it } from 'vitest';
import { avatarProblem } from './avatar-check';

describe('avatarProblem', () => {
  it('accepts PNG, JPEG and WebP up to the limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(avatarProblem({ type, size: AVATAR_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses other types with validation.imageType', () => {
    expect(avatarProblem({ type: 'image/gif', size: 10 })?.key).toBe('validation.imageType');
    expect(avatarProblem({ type: '', size: 10 })?.key).toBe('validation.imageType');
  });

  it('refuses a file over the limit with its size in KB', () => {
    expect(avatarProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toEqual({
      key: 'validation.imageSize',
      params: { maxKb: AVATAR_MAX_BYTES / 1024 },
    });
  });
});
