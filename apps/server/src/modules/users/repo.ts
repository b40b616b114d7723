/** SQL of the users module. */
import type { UserInfo } from '@ems/contract/api/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** The user's profile as contract UserInfoSchema (no password hash), or undefined. */
export async function findUserInfo(db: Db, userId: number): Promise<UserInfo | undefined> {
  const rows = await db
    .select({
      id: users.id,
      loginName: users.loginName,
      userName: users.userName,
      nickname: users.nickname,
      email: users.email,
      emailVerified: users.emailVerified,
      phone: users.phone,
      usertype: users.usertype,
      timeZone: users.timeZone,
      avatar: users.avatar,
      roles: users.roles,
      languageId: users.languageId,
    })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0];
}
