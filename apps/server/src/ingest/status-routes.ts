/**
 * GET /owner_api/webpvesc/ajax/manage/ingest: the ingest's status for the administrator's console
 * (IngestStatusSchema). Registered inside the admin scope (modules/admin/routes.ts), so it needs the
 * admin role; 40400 when no ingest runs in this process.
 */
import { IngestStatusSchema } from '@ems/contract/api/ingest';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { readPlatformIngestStatus } from './status';

/** Registers the route on an admin-only scope under `manage` (the console's path prefix). */
export async function ingestStatusRoutes(scope: FastifyInstance, manage: string): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().get(
    `${manage}/ingest`,
    {
      schema: {
        tags: ['admin'],
        summary:
          'Ingest counters since each server process started, summed over the processes (the metrics port serves each one’s to Prometheus)',
        response: { 200: envelopeOf(IngestStatusSchema) },
      },
    },
    async (request) => {
      const status = readPlatformIngestStatus();
      if (!status) throw notFound();
      return ok(request, status);
    },
  );
}
