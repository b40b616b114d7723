/**
 * The social calls (contract api/social.ts, docs/social.md): friends under /webpvesc/ajax/user/attached,
 * sharing under station/share, attachment under station/attached. Every change invalidates the social
 * queries and the top-bar counts, and sharing changes the site lists too.
 */
import type {
  Attachment,
  AttachTotals,
  Friend,
  FriendRequest,
  SharedSite,
  ShareGiven,
  ShareViewer,
} from '@ems/contract/api/social';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';

const USER = '/webpvesc/ajax/user/attached';
const STATION = '/webpvesc/ajax/station';

/** Friends (accepted). */
export const useFriends = () =>
  useQuery({
    queryKey: ['social', 'friends'],
    queryFn: ({ signal }) => api.get<Friend[]>(`${USER}/lists`, {}, signal),
  });
/** Friend requests received and sent. */
export const useFriendRequests = () =>
  useQuery({
    queryKey: ['social', 'requests'],
    queryFn: ({ signal }) => api.get<FriendRequest[]>(`${USER}/requests`, {}, signal),
  });
/** Sites shared with the caller: pending only, or every live one. */
export const useSharesReceived = (state: 'pending' | 'all') =>
  useQuery({
    queryKey: ['social', 'received', state],
    queryFn: ({ signal }) => api.get<SharedSite[]>(`${STATION}/share/received`, { state }, signal),
  });
/** Sites the caller shares, with each friend. */
export const useSharesGiven = () =>
  useQuery({
    queryKey: ['social', 'given'],
    queryFn: ({ signal }) => api.get<ShareGiven[]>(`${STATION}/share/given`, {}, signal),
  });
/** With whom the caller's site `stationId` is shared (spec §7 share/list), pending and accepted. */
export const useSiteShares = (stationId: number) =>
  useQuery({
    queryKey: ['social', 'site-shares', stationId],
    queryFn: ({ signal }) => api.get<ShareViewer[]>(`${STATION}/share/list`, { stationId }, signal),
  });
/** Attachments asked and received. */
export const useAttachments = () =>
  useQuery({
    queryKey: ['social', 'attachments'],
    queryFn: ({ signal }) => api.get<Attachment[]>(`${STATION}/attached/requests`, {}, signal),
  });

/** Asks the user with login name `friendName`. */
export const askFriend = (friendName: string) => api.post(`${USER}/askfor`, { friendName });
/** Agrees to or refuses the request `friendId` sent. */
export const answerFriend = (friendId: number, agree: boolean) =>
  api.put(`${USER}/${agree ? 'agree' : 'refuse'}`, { friendId });
/** Deletes a friend. */
export const deleteFriend = (friendId: number) => api.delete(`${USER}/delete`, { friendId });
/** Withdraws the caller's request to `friendName` (the login name as typed) while it is pending. */
export const withdrawFriendRequest = (friendName: string) => api.delete(`${USER}/delete`, { friendName });
/** Shares the caller's site with a friend. */
export const shareSite = (stationId: number, friendId: number) =>
  api.post(`${STATION}/share/add`, { stationId, friendId });
/** Puts a site shared with the caller into their group `groupId` (spec §7 superId, oldSuperId, subId). */
export const confirmShare = (site: SharedSite, groupId: number) =>
  api.post(`${STATION}/share/confirm`, { superId: groupId, oldSuperId: site.oldId, subId: site.stationId });
/** Refuses a site shared with the caller (spec §7 superId, subId). */
export const refuseShare = (site: SharedSite) =>
  api.post(`${STATION}/share/refuse`, { superId: site.oldId, subId: site.stationId });
/** The owner stops sharing. */
export const stopSharing = (stationId: number, friendId: number) =>
  api.post(`${STATION}/share/cancel`, { stationId, friendId });
/** The viewer leaves a shared site. */
export const leaveShare = (stationId: number) => api.post(`${STATION}/share/leave`, { stationId });
/** Attachment calls (spec §7: ids sent as numbers). */
export const attach = (action: 'ask' | 'accepted' | 'rejected' | 'abandom', superId: number, subId: number) =>
  api.post(`${STATION}/attached/${action}`, { superId, subId });

/** Moves the caller's station `subId` from superior `oldSuperId` to `superId` (spec §4 modified). */
export const moveAttachment = (superId: number, oldSuperId: number, subId: number) =>
  api.post(`${STATION}/attached/modify`, { superId, oldSuperId, subId });
/** Totals of the accepted subordinates of the caller's superior station `stationId`. */
export const useAttachTotals = (stationId: number) =>
  useQuery({
    queryKey: ['social', 'totals', stationId],
    queryFn: ({ signal }) => api.get<AttachTotals>(`${STATION}/attached/totals`, { stationId }, signal),
  });

/** Refetches the social lists, the top-bar counts and the site lists after a change. */
export async function refreshSocial(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['social'] }),
    client.invalidateQueries({ queryKey: ['badges'] }),
    client.invalidateQueries({ queryKey: ['stations'] }),
  ]);
}
