/**
 * Social calls (issue 10, spec §7): user/attached/* (friends), station/share/* (sharing),
 * station/attached/* (attachment) and user/badges (every top-bar count at once). Each needs a session;
 * the services check every id named through modules/access/station-access.ts.
 */

import { LanguageOnlyQuerySchema } from '@ems/contract/api/common';
import {
  AskForBodySchema,
  AttachBodySchema,
  AttachModifyBodySchema,
  AttachmentSchema,
  AttachRequestsQuerySchema,
  AttachTotalsQuerySchema,
  AttachTotalsSchema,
  BadgeCountsSchema,
  BadgeQuerySchema,
  FriendDeleteBodySchema,
  FriendIdBodySchema,
  FriendListQuerySchema,
  FriendRequestSchema,
  FriendSchema,
  ShareAddBodySchema,
  ShareCancelBodySchema,
  ShareConfirmBodySchema,
  SharedSiteSchema,
  ShareGivenSchema,
  ShareLeaveBodySchema,
  ShareListQuerySchema,
  ShareReceivedQuerySchema,
  ShareRefuseBodySchema,
  ShareViewerSchema,
} from '@ems/contract/api/social';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createBadgeCounter } from './badge-cache';
import { answerFriend, askFriend, deleteFriend, listFriendRequests, listFriends } from './friends-service';
import { abandonLink, answerLink, askLink, linkTotals, listLinks, modifyLink } from './links-service';
import {
  confirmShare,
  leaveShare,
  refuseShare,
  shareList,
  shareSite,
  sharesGiven,
  sharesReceived,
  stopSharing,
} from './shares-service';

const USER = '/webpvesc/ajax/user';
const STATION = '/webpvesc/ajax/station';
const done = envelopeOf(z.null());

/** Registers the social calls. */
export async function socialRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db;
  const tags = ['social'];
  // issue 10 §6: badge counts from memory on PGlite, kept exact by the database's change notifications.
  const badges = await createBadgeCounter(db);
  api.addHook('onClose', () => badges.close());

  // Friends (spec §7 user calls).
  r.post(
    `${USER}/attached/askfor`,
    {
      schema: {
        tags,
        summary: 'Ask a user, by login name, to be friends',
        body: AskForBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await askFriend(db, request.user, request.body.friendName);
      return ok(request, null, 'social.friendAsked');
    },
  );
  r.put(
    `${USER}/attached/agree`,
    {
      schema: {
        tags,
        summary: 'Agree to a friend request',
        body: FriendIdBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await answerFriend(db, request.user, request.body.friendId, 2);
      return ok(request, null, 'social.accepted');
    },
  );
  r.put(
    `${USER}/attached/refuse`,
    {
      schema: { tags, summary: 'Refuse a friend request', body: FriendIdBodySchema, response: { 200: done } },
    },
    async (request) => {
      await answerFriend(db, request.user, request.body.friendId, 3);
      return ok(request, null, 'social.refused');
    },
  );
  r.delete(
    `${USER}/attached/delete`,
    {
      schema: {
        tags,
        summary: 'Delete a friend (friendId) or withdraw a sent request (friendName as typed); sharing stops',
        body: FriendDeleteBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await deleteFriend(db, request.user, request.body);
      return ok(request, null, 'social.friendDeleted');
    },
  );
  r.get(
    `${USER}/attached/lists`,
    {
      schema: {
        tags,
        summary: 'The caller’s friends with the sites shared each way',
        querystring: FriendListQuerySchema,
        response: { 200: envelopeOf(z.array(FriendSchema)) },
      },
    },
    async (request) => ok(request, await listFriends(db, request.user, request.query.systemType)),
  );
  r.get(
    `${USER}/attached/requests`,
    {
      schema: {
        tags,
        summary: 'Friend requests received and sent, with their states',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(z.array(FriendRequestSchema)) },
      },
    },
    async (request) => ok(request, await listFriendRequests(db, request.user)),
  );
  r.get(
    `${USER}/badges`,
    {
      schema: {
        tags,
        summary: 'Every top-bar badge count (alarms, friend requests, shares) in one call',
        querystring: BadgeQuerySchema,
        response: { 200: envelopeOf(BadgeCountsSchema) },
      },
    },
    async (request) => ok(request, await badges.counts(request.user, request.query.systemType)),
  );

  // Sharing.
  r.post(
    `${STATION}/share/add`,
    {
      schema: {
        tags,
        summary: 'Share the caller’s site with a friend',
        body: ShareAddBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await shareSite(db, request.user, request.body.stationId, request.body.friendId);
      return ok(request, null, 'social.shared');
    },
  );
  r.get(
    `${STATION}/share/list`,
    {
      schema: {
        tags,
        summary: 'With whom the caller’s site is shared',
        querystring: ShareListQuerySchema,
        response: { 200: envelopeOf(z.array(ShareViewerSchema)) },
      },
    },
    async (request) => ok(request, await shareList(db, request.user, request.query.stationId)),
  );
  r.get(
    `${STATION}/share/received`,
    {
      schema: {
        tags,
        summary: 'Sites shared with the caller: pending (default) or all live',
        querystring: ShareReceivedQuerySchema,
        response: { 200: envelopeOf(z.array(SharedSiteSchema)) },
      },
    },
    async (request) => ok(request, await sharesReceived(db, request.user, request.query.state)),
  );
  r.get(
    `${STATION}/share/given`,
    {
      schema: {
        tags,
        summary: 'Sites the caller shares, with each friend',
        querystring: LanguageOnlyQuerySchema,
        response: { 200: envelopeOf(z.array(ShareGivenSchema)) },
      },
    },
    async (request) => ok(request, await sharesGiven(db, request.user)),
  );
  r.post(
    `${STATION}/share/confirm`,
    {
      schema: {
        tags,
        summary: 'Put a site shared with the caller into one of their groups',
        body: ShareConfirmBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await confirmShare(db, request.user, request.body);
      return ok(request, null, 'social.accepted');
    },
  );
  r.post(
    `${STATION}/share/refuse`,
    {
      schema: {
        tags,
        summary: 'Refuse a site shared with the caller',
        body: ShareRefuseBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await refuseShare(db, request.user, request.body);
      return ok(request, null, 'social.refused');
    },
  );
  r.post(
    `${STATION}/share/cancel`,
    {
      schema: {
        tags,
        summary: 'The owner stops sharing a site with a friend',
        body: ShareCancelBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await stopSharing(db, request.user, request.body.stationId, request.body.friendId);
      return ok(request, null, 'social.shareStopped');
    },
  );
  r.post(
    `${STATION}/share/leave`,
    {
      schema: {
        tags,
        summary: 'A viewer leaves a site shared with them',
        body: ShareLeaveBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await leaveShare(db, request.user, request.body.stationId);
      return ok(request, null, 'social.shareStopped');
    },
  );

  // Station attachment.
  r.post(
    `${STATION}/attached/ask`,
    {
      schema: {
        tags,
        summary: 'Ask to attach the caller’s station under a superior station',
        body: AttachBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await askLink(db, request.user, request.body.superId, request.body.subId);
      return ok(request, null, 'social.linkAsked');
    },
  );
  r.post(
    `${STATION}/attached/accepted`,
    {
      schema: {
        tags,
        summary: 'The superior’s owner accepts an attachment',
        body: AttachBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await answerLink(db, request.user, request.body.superId, request.body.subId, 2);
      return ok(request, null, 'social.accepted');
    },
  );
  r.post(
    `${STATION}/attached/rejected`,
    {
      schema: {
        tags,
        summary: 'The superior’s owner rejects an attachment',
        body: AttachBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await answerLink(db, request.user, request.body.superId, request.body.subId, 3);
      return ok(request, null, 'social.refused');
    },
  );
  r.post(
    `${STATION}/attached/abandom`,
    {
      schema: {
        tags,
        summary: 'The subordinate’s owner abandons an attachment (spec spelling)',
        body: AttachBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await abandonLink(db, request.user, request.body.superId, request.body.subId);
      return ok(request, null, 'social.cancelled');
    },
  );
  r.post(
    `${STATION}/attached/modify`,
    {
      schema: {
        tags,
        summary: 'Move the caller’s station to another superior',
        body: AttachModifyBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await modifyLink(db, request.user, request.body);
      return ok(request, null, 'social.linkAsked');
    },
  );
  r.get(
    `${STATION}/attached/requests`,
    {
      schema: {
        tags,
        summary: 'Attachments asked and received by the caller’s stations',
        querystring: AttachRequestsQuerySchema,
        response: { 200: envelopeOf(z.array(AttachmentSchema)) },
      },
    },
    async (request) => ok(request, await listLinks(db, request.user, request.query.systemType)),
  );
  r.get(
    `${STATION}/attached/totals`,
    {
      schema: {
        tags,
        summary: 'Totals of a superior station’s accepted subordinates',
        querystring: AttachTotalsQuerySchema,
        response: { 200: envelopeOf(AttachTotalsSchema) },
      },
    },
    async (request) => ok(request, await linkTotals(db, request.user, request.query.stationId)),
  );
}
