/**
 * Rules of the administrator console (issue 3 §6): user type and disabling, dictionaries, app versions.
 * Callers have passed requireAdmin already (the routes' scope checks it).
 */
import type {
  AdminDictionaryItemSchema,
  AdminUserEditBodySchema,
  AdminUserSchema,
  AppVersion,
  AppVersionCreateBodySchema,
  DictionaryEditBodySchema,
} from '@ems/contract/api/admin';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SessionUser } from '../../http/context';
import { illegalInput, notFound, outOfRange } from '../../http/errors';
import { revokeUserSessions } from '../auth/repo';
import { isIanaTimeZone } from '../profile/time-zone';
import { insertAppVersion, maxVersionCode } from './app-version-repo';
import { dictionaryValueTaken, insertDictionaryItem, updateDictionaryItem } from './dictionary-repo';
import { dictionaryDuplicate, selfDisable } from './errors';
import { findAdminUser, updateUserFlags } from './users-repo';

/** What the console's rules need: the database and the auth service's cache eviction. */
export interface AdminDeps {
  db: Db;
  /** AuthService.forgetUser: drops cached sessions so a revocation bites at once. */
  forgetUser(userId: number): void;
}

/**
 * Changes a user's type, disabled flag and/or site and device limits (spec §9). Disabling revokes every
 * session of the user.
 * @returns the user as the console lists it.
 * @throws selfDisable (40300) for the caller's own account, notFound (40400) for an unknown id.
 */
export async function editUser(
  deps: AdminDeps,
  caller: SessionUser,
  body: z.infer<typeof AdminUserEditBodySchema>,
): Promise<z.infer<typeof AdminUserSchema>> {
  if (body.disabled === true && body.userId === caller.userId) throw selfDisable();
  const found = await updateUserFlags(deps.db, body.userId, body);
  if (!found) throw notFound();
  if (body.disabled === true) {
    await revokeUserSessions(deps.db, body.userId);
    deps.forgetUser(body.userId);
  }
  return (await findAdminUser(deps.db, body.userId))!;
}

/**
 * Creates a dictionary item (no id) or updates one. A sys_timezone value must be an IANA zone.
 * @throws dictionaryDuplicate (40000) when the type already has the value, notFound for an unknown id,
 *   illegalInput for an unknown time zone.
 */
export async function saveDictionaryItem(
  db: Db,
  body: z.infer<typeof DictionaryEditBodySchema>,
): Promise<z.infer<typeof AdminDictionaryItemSchema>> {
  const { id, languageId: _lang, ...fields } = body;
  if (fields.dictType === 'sys_timezone' && !isIanaTimeZone(fields.dictValue)) throw illegalInput();
  if (await dictionaryValueTaken(db, fields.dictType, fields.dictValue, id)) throw dictionaryDuplicate();
  try {
    if (id === undefined) return await insertDictionaryItem(db, fields);
    const updated = await updateDictionaryItem(db, id, fields);
    if (!updated) throw notFound();
    return updated;
  } catch (err) {
    // Two saves racing past the check: the unique index decides.
    if (isUniqueViolation(err)) throw dictionaryDuplicate();
    throw err;
  }
}

/**
 * Publishes an app version. versionCode must be above every earlier one of its platform.
 * @throws outOfRange (42200) otherwise.
 */
export async function createAppVersion(
  db: Db,
  body: z.infer<typeof AppVersionCreateBodySchema>,
): Promise<AppVersion> {
  const highest = await maxVersionCode(db, body.platform);
  if (highest !== null && body.versionCode <= highest) throw outOfRange();
  return insertAppVersion(db, {
    platform: body.platform,
    versionName: body.versionName,
    versionCode: body.versionCode,
    downloadUrl: body.downloadUrl ? body.downloadUrl : null,
    releaseNotes: body.releaseNotes,
    forceUpdate: body.forceUpdate,
  });
}
