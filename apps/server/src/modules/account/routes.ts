/**
 * Account calls of spec §7 (User) for people before and around sign-in: registration, e-mail codes and
 * password retrieval (issue 3 §1–§3). Public except user/email/active; user/email/verify reads a token
 * when one is sent.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import type { ServerKeyPair } from '../../security/rsa-keys';
import { createAuthService } from '../auth/service';
import { emailRoutes } from './email-routes';
import { type AccountLimiters, accountLimiters } from './limits';
import { passwordRoutes } from './password-routes';
import { registerRoutes } from './register-routes';

/** What the account route files share: one key loader, one set of per-address limiters. */
export interface AccountRouteDeps {
  ctx: AppContext;
  keys: () => Promise<ServerKeyPair>;
  limiters: AccountLimiters;
  forgetUser: (userId: number) => void;
}

/** Registers the account routes on the /owner_api scope. */
export async function accountRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const auth = createAuthService({ db: ctx.db, config: ctx.config });
  const deps: AccountRouteDeps = {
    ctx,
    keys: auth.keys,
    limiters: accountLimiters(ctx.limits),
    forgetUser: (userId) => auth.forgetUser(userId),
  };
  await registerRoutes(api, deps);
  await emailRoutes(api, deps);
  await passwordRoutes(api, deps);
}
