/**
 * Street tiles of the maps (issue 7 item 7): the console's manage/map/tiles (admin scope), and for every
 * signed-in user map/tiles/config, map/tile, which fetches one tile from the configured server, and
 * map/geocode, the site form's address search (issue 24 item 4).
 */

import { languageIdField } from '@ems/contract/api/common';
import {
  GeocodePlaceSchema,
  GeocodeQuerySchema,
  MapTileQuerySchema,
  MapTilesBodySchema,
  MapTilesConfigSchema,
  MapTilesSettingsSchema,
  TILE_MAX_ZOOM,
} from '@ems/contract/api/map-tiles';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { notFound, outOfRange, upstreamFailed } from '../../http/errors';
import { requestLanguage } from '../../http/language';
import { searchPlaces } from './geocode';
import { readMapTiles, tileUrl, writeMapTiles } from './settings';
import { createTileCache } from './tile-cache';

/** GET/POST manage/map/tiles; mount inside the admin-only manage scope (adminRoutes). */
export async function mapTilesAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db.db;
  r.get(
    '/webpvesc/ajax/manage/map/tiles',
    {
      schema: {
        tags: ['manage'],
        summary: 'Street-tile server of the maps',
        querystring: z.object({ languageId: languageIdField }),
        response: { 200: envelopeOf(MapTilesSettingsSchema) },
      },
    },
    async (request) => ok(request, await readMapTiles(db)),
  );
  r.post(
    '/webpvesc/ajax/manage/map/tiles',
    {
      schema: {
        tags: ['manage'],
        summary: 'Save the street-tile server and address search (empty tileUrl: neither)',
        body: MapTilesBodySchema,
        response: { 200: envelopeOf(MapTilesSettingsSchema) },
      },
    },
    async (request) => {
      const { tileUrl: url, attribution, searchUrl } = request.body;
      const stored = await writeMapTiles(db, { tileUrl: url, attribution, searchUrl });
      request.log.info(
        { tiles: stored.tileUrl !== null, search: stored.searchUrl !== null },
        'map tile settings saved',
      );
      return ok(request, stored);
    },
  );
}

/** GET map/tiles/config and map/tile (any signed-in user). */
export async function mapTilesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db.db;
  const tiles = createTileCache();
  r.get(
    '/webpvesc/ajax/map/tiles/config',
    {
      schema: {
        tags: ['general'],
        summary: 'Whether the maps have street tiles, and their attribution',
        querystring: z.object({ languageId: languageIdField }),
        response: { 200: envelopeOf(MapTilesConfigSchema) },
      },
    },
    async (request) => {
      const s = await readMapTiles(db);
      return ok(request, {
        enabled: s.tileUrl !== null,
        search: s.tileUrl !== null && s.searchUrl !== null,
        attribution: s.attribution,
        maxZoom: TILE_MAX_ZOOM,
      });
    },
  );
  r.get(
    '/webpvesc/ajax/map/tile',
    {
      schema: {
        tags: ['general'],
        summary: 'One street tile (image) from the configured tile server; 40400 when there is none',
        querystring: MapTileQuerySchema,
      },
    },
    async (request, reply) => {
      const { z: zoom, x, y } = request.query;
      if (x >= 2 ** zoom || y >= 2 ** zoom) throw outOfRange();
      const { tileUrl: template } = await readMapTiles(db);
      const tile = template ? await tiles.get(tileUrl(template, zoom, x, y)) : null;
      if (!tile) throw notFound();
      reply.header('cache-control', 'private, max-age=86400');
      return reply.type(tile.type).send(tile.data);
    },
  );
  r.get(
    '/webpvesc/ajax/map/geocode',
    {
      schema: {
        tags: ['general'],
        summary: 'Places matching an address, from the configured search; 40400 when there is none',
        querystring: GeocodeQuerySchema,
        response: { 200: envelopeOf(z.array(GeocodePlaceSchema)) },
      },
    },
    async (request) => {
      const s = await readMapTiles(db);
      if (!s.tileUrl || !s.searchUrl) throw notFound();
      const places = await searchPlaces(s.searchUrl, request.query.q, requestLanguage(request));
      if (places === null) throw upstreamFailed();
      return ok(request, places);
    },
  );
}
