/** Test utility: signs the seeded administrator in through POST /auth/owner/admin/login. */
import type { FastifyInstance } from 'fastify';
import { ADMIN_LOGIN_NAME } from '../../db/seed/accounts';
import { signIn } from '../auth/test-login';

/** The administrator password test/helper.ts's buildTestApp sets (ADMIN_PASSWORD). */
export const TEST_ADMIN_PASSWORD = 'Admin@Test123';

/** Signs the seeded administrator in and returns its token. */
export async function signInAdmin(app: FastifyInstance): Promise<string> {
  const res = await signIn(app, ADMIN_LOGIN_NAME, TEST_ADMIN_PASSWORD, {
    url: '/owner_api/auth/owner/admin/login',
  });
  const body = res.json() as { status: number; data: { access_token: string } | null };
  if (body.status !== 0 || !body.data) throw new Error(`admin sign-in failed: ${res.body}`);
  return body.data.access_token;
}
