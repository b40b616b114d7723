/**
 * OCPP 1.6J chargers (issue 22, docs/ocpp.md): commissioning a charger on a charging site (spec §1 system
 * kind 2) and the site's id tags, under /owner_api/webpvesc/ajax/station.
 */
import { z } from 'zod';
import { idField, safeString } from '../bounds';
import { noAngle, optionalText } from '../validation';
import { idParam, languageIdField } from './common';

/** Longest charge point identity (OCPP 1.6 security whitepaper: the identity is at most 48 characters). */
export const OCPP_IDENTITY_MAX = 48;
/**
 * Characters of a charge point identity: OCPP's identifierString set (letters, digits, `*-_=+|@.`) less
 * `:`, which cannot stand in the user name of HTTP Basic auth (security profiles 1 and 2).
 */
export const OCPP_IDENTITY_PATTERN = /^[A-Za-z0-9*\-_=+|@.]+$/;
/** Longest id tag: OCPP 1.6 IdToken is a CiString20Type. */
export const ID_TAG_MAX = 20;
/** Id tags of one site at most (spec §8 "quantity reached upper limit" beyond). */
export const MAX_ID_TAGS_PER_SITE = 500;

/** A charge point identity (the last path segment of `/ocpp/{identity}`). */
export const ocppIdentityField = safeString(OCPP_IDENTITY_MAX, { trim: true })
  .min(1, { error: 'validation.required' })
  .regex(OCPP_IDENTITY_PATTERN, { error: 'ocpp.identityFormat' });

/** An OCPP id tag: 1–20 printable ASCII characters. */
export const idTagField = noAngle(
  safeString(ID_TAG_MAX, { trim: true })
    .min(1, { error: 'validation.required' })
    .regex(/^[\x21-\x7e]+$/, { error: 'ocpp.idTagFormat' }),
);

/** POST charger/add body: put a charger on the caller's charging site by its identity. */
export const ChargerAddBodySchema = z.object({
  stationId: idField,
  identity: ocppIdentityField,
  /** Device name; the identity when omitted. */
  name: optionalText(50),
  languageId: languageIdField,
});
/** data of charger/add: the new device and its Basic-auth key, shown this once (stored hashed). */
export const ChargerAddedSchema = z.object({ deviceId: z.number().int(), key: z.string() });
export type ChargerAdded = z.infer<typeof ChargerAddedSchema>;

/** GET idtag/list query. */
export const IdTagListQuerySchema = z.object({ stationId: idParam, languageId: languageIdField });
/** POST idtag/add body. */
export const IdTagAddBodySchema = z.object({
  stationId: idField,
  idTag: idTagField,
  name: optionalText(50),
  languageId: languageIdField,
});
/** POST idtag/del body. */
export const IdTagDelBodySchema = z.object({
  stationId: idField,
  idTag: idTagField,
  languageId: languageIdField,
});

/** One id tag of a site; createdAt in epoch ms. */
export const IdTagRowSchema = z.object({
  idTag: z.string(),
  name: z.string().nullable(),
  createdAt: z.number(),
});
export type IdTagRow = z.infer<typeof IdTagRowSchema>;
