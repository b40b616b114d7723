/**
 * The sign-in of spec §4/§7: fetch the public key, encrypt the password in the browser, trade it for a
 * token, store the token (expiring after expires_in minutes) and userType 2, then read and keep the
 * user (local storage: userId, userName). A QR hand-off ends in the same storing step.
 */
import type { Token, UserInfo } from '@ems/contract/api/auth';
import { LOGIN_USER_TYPE, SESSION_USER_TYPE } from '@ems/contract/constants';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { encryptForServer } from '../../../shared/crypto/encrypt-for-server';
import { COOKIE, setToken, writeCookie } from '../../../shared/session/cookies';
import { writeUser } from '../../../shared/session/storage';
import { userInfoQueryOptions } from '../../../shared/session/user-info';
import { adminLogin } from '../api/admin-login';
import { type GetTokenInput, getToken } from '../api/get-token';

/** What the form collects. */
export interface Credentials {
  username: string;
  password: string;
}

/** Which sign-in: an owner's (gettoken) or an administrator's (admin/login). */
export type SignInKind = 'owner' | 'admin';

/**
 * Stores a fresh session (token cookie for expires_in minutes, userType 2), then reads the user and
 * keeps userId and userName. Resolves with the user.
 */
export async function completeSignIn(queryClient: QueryClient, token: Token): Promise<UserInfo> {
  setToken(token.access_token, token.expires_in);
  writeCookie(COOKIE.userType, String(SESSION_USER_TYPE));
  queryClient.removeQueries({ queryKey: userInfoQueryOptions().queryKey });
  const user = await queryClient.fetchQuery(userInfoQueryOptions());
  writeUser({ userId: user.id, userName: user.userName });
  return user;
}

/** Runs the whole sign-in; rejects with ApiError (server msg) or InsecureContextError. */
export async function signIn(
  queryClient: QueryClient,
  creds: Credentials,
  kind: SignInKind,
): Promise<UserInfo> {
  const [password] = await encryptForServer(queryClient, creds.password);
  const body: GetTokenInput = {
    username: creds.username.trim(),
    password: password!,
    usertype: LOGIN_USER_TYPE,
  };
  const token = kind === 'admin' ? await adminLogin(body) : await getToken(body);
  return completeSignIn(queryClient, token);
}

/** Mutation around signIn for the sign-in form. */
export function useSignIn(kind: SignInKind) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (creds: Credentials) => signIn(queryClient, creds, kind) });
}
