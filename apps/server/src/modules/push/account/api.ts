/**
 * The official-account API calls the platform makes (issue 20 §4): a parametric QR code for binding and
 * a template message. Each runs with the cached access token (token.ts); an answer that the token is
 * invalid or expired (40001, 40014, 42001) refreshes it once and retries once. Any other errcode throws
 * AccountApiError: quota (45009, 45047) and busy (-1) are retried by the delivery queue with backoff.
 */
import type { Db } from '../../../db/client';
import { type ApiAnswer, apiCall, checkAnswer, TOKEN_ERRORS } from './http';
import type { StoredAccount } from './settings';
import { accessToken } from './token';

/** POSTs `body` to `path` with an access token; one refresh and retry on a token error. */
async function callWithToken(db: Db, account: StoredAccount, path: string, body: object): Promise<ApiAnswer> {
  const token = await accessToken(db, account);
  const answer = await apiCall(account.apiBase, path, { access_token: token }, body);
  if (answer.errcode === undefined || !TOKEN_ERRORS.has(Number(answer.errcode))) return checkAnswer(answer);
  const fresh = await accessToken(db, account, token);
  return checkAnswer(await apiCall(account.apiBase, path, { access_token: fresh }, body));
}

/**
 * A temporary parametric QR code (`QR_STR_SCENE`) carrying `scene` for `seconds`. @returns what the QR
 * code encodes (WeChat's `url`). @throws AccountApiError or a network error.
 */
export async function createSceneQrCode(
  db: Db,
  account: StoredAccount,
  scene: string,
  seconds: number,
): Promise<string> {
  const answer = await callWithToken(db, account, '/cgi-bin/qrcode/create', {
    expire_seconds: seconds,
    action_name: 'QR_STR_SCENE',
    action_info: { scene: { scene_str: scene } },
  });
  if (typeof answer.url !== 'string' || answer.url === '') {
    throw new Error('official account API answered no QR code URL');
  }
  return answer.url;
}

/** A template message as the API takes it: each field `{value}`. */
export interface TemplateMessage {
  touser: string;
  template_id: string;
  url: string;
  data: Record<string, { value: string }>;
}

/** Sends a template message. @throws AccountApiError (43004 not following, quota…) or a network error. */
export async function sendTemplateMessage(db: Db, account: StoredAccount, message: TemplateMessage) {
  await callWithToken(db, account, '/cgi-bin/message/template/send', message);
}
