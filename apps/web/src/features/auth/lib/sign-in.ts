/**
 * The sign-in of spec §4/§7: fetch the public key, encrypt the password in the browser, trade it for a
 * token, store the token (expiring after expires_in minutes) and userType 2, then read and keep the
 * user (local storage: userId, userName).
 */
import type { UserInfo } from '@ems/contract/api/auth';
import { LOGIN_USER_TYPE, SESSION_USER_TYPE } from '@ems/contract/constants';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { COOKIE, setToken, writeCookie } from '../../../shared/session/cookies';
import { writeUser } from '../../../shared/session/storage';
import { adminLogin } from '../api/admin-login';
import { getPublicKey, publicKeyQueryOptions } from '../api/get-public-key';
import { type GetTokenInput, getToken } from '../api/get-token';
import { userInfoQueryOptions } from '../api/get-user-info';
import { encryptPassword } from './encrypt-password';

/** What the form collects. */
export interface Credentials {
  username: string;
  password: string;
}

/** Which sign-in: an owner's (gettoken) or an administrator's (admin/login). */
export type SignInKind = 'owner' | 'admin';

/** Runs the whole sign-in; rejects with ApiError (server msg) or InsecureContextError. */
export async function signIn(
  queryClient: QueryClient,
  creds: Credentials,
  kind: SignInKind,
): Promise<UserInfo> {
  let key = await queryClient.fetchQuery(publicKeyQueryOptions());
  let password: string;
  try {
    password = await encryptPassword(creds.password, key.publicKey);
  } catch (error) {
    if (!(error instanceof DOMException)) throw error;
    // A cached key the browser cannot import (rotated or corrupt): read it afresh once.
    key = await getPublicKey();
    queryClient.setQueryData(publicKeyQueryOptions().queryKey, key);
    password = await encryptPassword(creds.password, key.publicKey);
  }
  const body: GetTokenInput = { username: creds.username.trim(), password, usertype: LOGIN_USER_TYPE };
  const token = kind === 'admin' ? await adminLogin(body) : await getToken(body);
  setToken(token.access_token, token.expires_in);
  writeCookie(COOKIE.userType, String(SESSION_USER_TYPE));
  queryClient.removeQueries({ queryKey: userInfoQueryOptions().queryKey });
  const user = await queryClient.fetchQuery(userInfoQueryOptions());
  writeUser({ userId: user.id, userName: user.userName });
  return user;
}

/** Mutation around signIn for the sign-in form. */
export function useSignIn(kind: SignInKind) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (creds: Credentials) => signIn(queryClient, creds, kind) });
}
