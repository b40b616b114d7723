/**
 * A viewer of a shared site, made through the API as two people would (spec §7 friends and shares): a
 * new verified account befriends the owner, who shares `stationId` with it, and it accepts the site into
 * a group of its own. For the screenshot walk's viewer.
 */
import type { APIRequestContext } from '@playwright/test';
import { apiToken, data, registerVerified } from './api-user';

const AJAX = '/owner_api/webpvesc/ajax';

/** Makes `userName` (password `password`) a viewer of the owner's (`ownerToken`) site `stationId`. */
export async function makeViewer(
  request: APIRequestContext,
  ownerToken: string,
  ownerName: string,
  stationId: number,
  userName: string,
  password: string,
): Promise<void> {
  await registerVerified(request, userName, password);
  const owner = { token: ownerToken };
  const viewer = { token: await apiToken(request, userName, password) };
  await data(
    await request.post(`${AJAX}/user/attached/askfor`, { data: { friendName: userName }, headers: owner }),
  );
  const asks = await data<{ userId: number | null; userName: string; direction: string }[]>(
    await request.get(`${AJAX}/user/attached/requests`, { headers: viewer }),
  );
  // A new account has one request: the owner's (userName is the owner's display name, not the login).
  const ask = asks.find((r) => r.direction === 'received');
  if (!ask?.userId) throw new Error(`no friend request from ${ownerName}`);
  await data(
    await request.put(`${AJAX}/user/attached/agree`, { data: { friendId: ask.userId }, headers: viewer }),
  );
  const friends = await data<{ friendId: number; friendName: string }[]>(
    await request.get(`${AJAX}/user/attached/lists`, { headers: owner }),
  );
  const friend =
    friends.find((f) => f.friendName === userName) ?? (friends.length === 1 ? friends[0] : undefined);
  if (!friend) throw new Error(`${userName} is not a friend of ${ownerName}`);
  await data(
    await request.post(`${AJAX}/station/share/add`, {
      data: { stationId, friendId: friend.friendId },
      headers: owner,
    }),
  );
  const waiting = await data<{ stationId: number; oldId: number }[]>(
    await request.get(`${AJAX}/station/share/received`, { params: { state: 'pending' }, headers: viewer }),
  );
  const site = waiting.find((s) => s.stationId === stationId);
  if (!site) throw new Error(`site ${stationId} is not waiting for ${userName}`);
  const group = await data<{ id: number }>(
    await request.post(`${AJAX}/station/category/edit`, {
      data: { action: 'create', name: 'Shared with me' },
      headers: viewer,
    }),
  );
  await data(
    await request.post(`${AJAX}/station/share/confirm`, {
      data: { superId: group.id, oldSuperId: site.oldId, subId: stationId },
      headers: viewer,
    }),
  );
}
