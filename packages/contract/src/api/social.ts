/**
 * Friends, site sharing and station attachment (issue 10; spec §3 Friend request, Pending shared site,
 * Attachment; §4 request statuses; §7 user attached calls, station share and attached calls).
 */
import { z } from 'zod';
import { idField, safeString } from '../bounds';
import { AlarmCountSchema } from './alarm';
import { languageIdField, systemTypeField } from './common';
import { CapacitySumSchema } from './fleet';

/** Spec §4 request statuses (friend, share, attachment). */
export const REQUEST_STATUS = { pending: 1, accepted: 2, refused: 3, voided: 4 } as const;
/** A request as one side sees it: the asker sees their own pending request as "sent" (spec §4). */
export const RequestStateSchema = z.enum(['sent', 'pending', 'accepted', 'refused', 'voided']);
export type RequestState = z.infer<typeof RequestStateSchema>;

/** A login name as the asker types it (askfor; delete of a request still pending). */
const friendNameField = safeString(50, { trim: true }).min(1, { error: 'validation.required' });
/** POST user/attached/askfor body: the other user's login name. */
export const AskForBodySchema = z.object({ friendName: friendNameField, languageId: languageIdField });
/** Body of user/attached/agree and refuse: the id of the user who sent the request. */
export const FriendIdBodySchema = z.object({ friendId: idField, languageId: languageIdField });
/**
 * DELETE user/attached/delete body: `friendId` ends a friendship; `friendName` (the login name as typed
 * in askfor) withdraws the caller's own request while the other side has not agreed, since the asker is
 * not told the other account's id before that (docs/social.md). At least one; friendId wins when both.
 */
export const FriendDeleteBodySchema = z
  .object({
    friendId: idField.optional(),
    friendName: friendNameField.optional(),
    languageId: languageIdField,
  })
  .refine((b) => b.friendId !== undefined || b.friendName !== undefined, {
    error: 'validation.required',
    path: ['friendId'],
  });
/** GET user/attached/lists query. */
export const FriendListQuerySchema = z.object({
  systemType: systemTypeField.optional(),
  languageId: languageIdField,
});

/** One friend (spec §3: friendId, friendName) with the sites shared each way (of the asked system type). */
export const FriendSchema = z.object({
  friendId: z.number().int(),
  friendName: z.string(),
  /** ISO time the friendship was accepted. */
  since: z.string(),
  sharedByMe: z.number().int(),
  sharedWithMe: z.number().int(),
});
export type Friend = z.infer<typeof FriendSchema>;

/**
 * One friend request (spec §3: userId, userName, requestTime) seen from the caller's side. A request the
 * caller sent that the other side has not accepted shows only what the caller typed: userId null and
 * userName the login name as typed in askfor; once accepted (and for every received request), the other
 * user's id and user name.
 */
export const FriendRequestSchema = z.object({
  userId: z.number().int().nullable(),
  userName: z.string(),
  /** ISO time of the ask. */
  requestTime: z.string(),
  status: z.number().int(),
  state: RequestStateSchema,
  direction: z.enum(['received', 'sent']),
});
export type FriendRequest = z.infer<typeof FriendRequestSchema>;

/** POST station/share/add body: share the caller's site with a friend. */
export const ShareAddBodySchema = z.object({
  stationId: idField,
  friendId: idField,
  languageId: languageIdField,
});
/** GET station/share/list query (spec §7: stationId). */
export const ShareListQuerySchema = z.object({ stationId: idField, languageId: languageIdField });
/** POST station/share/cancel body: the owner stops sharing `stationId` with `friendId`. */
export const ShareCancelBodySchema = ShareAddBodySchema;
/** POST station/share/leave body: a viewer leaves a site shared with them. */
export const ShareLeaveBodySchema = z.object({ stationId: idField, languageId: languageIdField });
/**
 * POST station/share/confirm body (spec §7): superId is the caller's group to put the site in, subId the
 * site, oldSuperId the owner's group it comes from (oldId of the pending listing; checked when sent).
 */
export const ShareConfirmBodySchema = z.object({
  superId: idField,
  oldSuperId: idField.optional(),
  subId: idField,
  languageId: languageIdField,
});
/** POST station/share/refuse body (spec §7: superId, subId); superId is the pending listing's oldId. */
export const ShareRefuseBodySchema = z.object({
  superId: idField.optional(),
  subId: idField,
  languageId: languageIdField,
});

/** One viewer of a site (share/list). */
export const ShareViewerSchema = z.object({
  friendId: z.number().int(),
  friendName: z.string(),
  status: z.number().int(),
  state: RequestStateSchema,
  sharedAt: z.string(),
});
export type ShareViewer = z.infer<typeof ShareViewerSchema>;
/** One site shared with the caller (spec §3 Pending shared site; targetId set once confirmed). */
export const SharedSiteSchema = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  systemType: z.number().int(),
  /** The owner's user name. */
  userName: z.string(),
  status: z.number().int(),
  state: RequestStateSchema,
  /** The caller's group holding the site (null while pending). */
  targetId: z.number().int().nullable(),
  /** The owner's group the site sits under. */
  oldId: z.number().int(),
  sharedAt: z.string(),
});
export type SharedSite = z.infer<typeof SharedSiteSchema>;
/** GET station/share/received query: pending only (the badge dialog) or every live share. */
export const ShareReceivedQuerySchema = z.object({
  state: z.enum(['pending', 'all']).optional(),
  languageId: languageIdField,
});

/** Attachment bodies (spec §7 ask, accepted, rejected, abandom: superId and subId sent as numbers). */
export const AttachBodySchema = z.object({ superId: idField, subId: idField, languageId: languageIdField });
/** POST station/attached/modify body: move `subId` from oldSuperId to superId (spec §4 "modified"). */
export const AttachModifyBodySchema = AttachBodySchema.extend({ oldSuperId: idField });
/** GET station/attached/requests query. */
export const AttachRequestsQuerySchema = z.object({
  systemType: systemTypeField.optional(),
  languageId: languageIdField,
});
/**
 * One attachment as the owner of either station sees it. `superName` is null on a link the caller asked
 * while its owner has not accepted it, unless the caller may read that site anyway (theirs, or shared with
 * them): an ask names any id and must not tell a stranger's site name (docs/social.md).
 */
export const AttachmentSchema = z.object({
  superId: z.number().int(),
  superName: z.string().nullable(),
  subId: z.number().int(),
  subName: z.string(),
  status: z.number().int(),
  state: RequestStateSchema,
  /** received: the caller owns the superior station; sent: the subordinate. */
  direction: z.enum(['received', 'sent']),
  askedAt: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;
/** GET station/attached/totals query: a superior station's subordinates. */
export const AttachTotalsQuerySchema = z.object({ stationId: idField, languageId: languageIdField });
/** Totals of a superior station's accepted subordinates (capacity in each site's unit, power in W). */
export const AttachTotalsSchema = z.object({
  stationId: z.number().int(),
  subordinates: z.number().int(),
  /** Sum of the subordinates' capacities whatever their units (kept for callers of the first version). */
  capacity: z.number(),
  /** The subordinates' capacities summed per unit (kWp, kWh, kW; contract sumCapacities). */
  capacities: z.array(CapacitySumSchema),
  devices: z.number().int(),
  /** Sum of the subordinates' inverter/charger/UPS output now (W); devices offline count 0. */
  powerW: z.number(),
});
export type AttachTotals = z.infer<typeof AttachTotalsSchema>;

/** GET user/badges: every top-bar badge count in one request per 5-s cycle (issue 10 §6). */
export const BadgeCountsSchema = z.object({
  /** The alarms module's current/count answer for the same systemType. */
  alarms: AlarmCountSchema,
  friendRequests: z.number().int(),
  shares: z.number().int(),
});
export type BadgeCounts = z.infer<typeof BadgeCountsSchema>;
/** GET user/badges query: the alarm badge's own filters (spec §7 alarm count). */
export const BadgeQuerySchema = z.object({
  systemType: systemTypeField.optional(),
  languageId: languageIdField,
});

/** One row of share/list from the owner's side: a viewer of the caller's site. */
export const ShareGivenSchema = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  friendId: z.number().int(),
  friendName: z.string(),
  status: z.number().int(),
  state: RequestStateSchema,
});
export type ShareGiven = z.infer<typeof ShareGivenSchema>;
