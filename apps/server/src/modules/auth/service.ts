import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import type { Authenticate } from '../../http/context';
import { loggedOut } from '../../http/errors';

/** PLACEHOLDER (helper A replaces): sessions, sign-in and token checks. */
export function createAuthService(_deps: { db: DbHandle; config: Config }): { authenticate: Authenticate } {
  return {
    authenticate: async () => {
      throw loggedOut();
    },
  };
}
