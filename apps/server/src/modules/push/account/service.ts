/**
 * The user's side of the official account (issue 20 §4): the binding's state, a binding QR code with a
 * one-time scene, and unbinding. Every call acts on the caller's own binding only.
 */
import { randomBytes } from 'node:crypto';
import type { AccountBinding } from '@ems/contract/api/push-account';
import { ACCOUNT_SCENE_TTL_S } from '@ems/contract/api/push-account';
import { Status } from '@ems/contract/status-codes';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { maskId } from '../mask';
import { createSceneQrCode } from './api';
import { AccountApiError } from './http';
import { addScene, bindingOf, dropScene, unbindUser } from './repo';
import { readAccountSettings } from './settings';

/** The caller's binding, and whether the platform has the official account set up. */
export async function accountState(db: Db, userId: number): Promise<AccountBinding> {
  const [account, binding] = await Promise.all([readAccountSettings(db), bindingOf(db, userId)]);
  return {
    setUp: account !== null,
    bound: binding !== null,
    account: binding ? maskId(binding.openid) : null,
    boundAt: binding ? binding.boundAt.toISOString() : null,
  };
}

/**
 * A QR code that binds the caller: a new one-time scene (random, ACCOUNT_SCENE_TTL_S long; the
 * caller's earlier QR codes stop binding) in a temporary parametric QR code of the official account.
 * @throws 40900 push.channelNotSetUp while the official account is not set up; 50000
 * push.account.apiFailed (HTTP 502) when the API refuses or does not answer (nothing is kept).
 */
export async function bindingQrCode(
  db: Db,
  log: FastifyBaseLogger,
  userId: number,
): Promise<{ url: string; expiresAt: string }> {
  const account = await readAccountSettings(db);
  if (!account) throw new AppError(Status.CONFLICT, 'push.channelNotSetUp');
  // 24 URL-safe characters (144 bits): WeChat takes a scene_str of 1–64 characters.
  const scene = randomBytes(18).toString('base64url');
  const expiresAt = new Date(Date.now() + ACCOUNT_SCENE_TTL_S * 1000);
  await addScene(db, userId, scene, expiresAt);
  try {
    const url = await createSceneQrCode(db, account, scene, ACCOUNT_SCENE_TTL_S);
    return { url, expiresAt: expiresAt.toISOString() };
  } catch (err) {
    await dropScene(db, scene);
    const code = err instanceof AccountApiError ? err.errcode : 'network';
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'official account QR code failed');
    throw new AppError(Status.OPERATION_FAILED, 'push.account.apiFailed', {
      params: { code },
      httpStatus: 502,
    });
  }
}

/** Unbinds the caller's WeChat user (nothing bound: nothing changes). */
export async function unbindAccount(db: Db, userId: number): Promise<void> {
  await unbindUser(db, userId);
}
