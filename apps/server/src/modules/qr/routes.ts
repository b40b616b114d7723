/**
 * QR-code sign-in calls (spec §7, issue 3 §5) under /owner_api/auth/owner/qrcode: create, state and
 * token are public (the desktop is not signed in yet); scan and confirm come from a signed-in phone.
 */
import { TokenSchema } from '@ems/contract/api/auth';
import {
  QrCodeSchema,
  QrConfirmBodySchema,
  QrCreateQuerySchema,
  QrRequesterSchema,
  QrScanBodySchema,
  QrStateQuerySchema,
  QrStateSchema,
  QrTokenQuerySchema,
} from '@ems/contract/api/qr';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { spend } from '../../security/limit-checks';
import { confirmQrLogin, createQrLogin, exchangeGetToken, pollQrLogin, scanQrLogin } from './service';
import { describeUserAgent } from './user-agent';

/** Codes one client address may create in the window (a login page makes one per QR_TTL_SECONDS). */
export const QR_CREATE_LIMIT = { limit: 60, windowMs: 5 * 60_000 } as const;

const BASE = '/auth/owner/qrcode';

/** Registers the QR sign-in routes on the /owner_api scope. */
export async function qrRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db.db;
  const tags = ['auth'];
  const creations = ctx.limits.limiter('qr.create', QR_CREATE_LIMIT);

  r.get(
    BASE,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'New QR code for signing this browser in from a signed-in phone (platform=2)',
        querystring: QrCreateQuerySchema,
        response: { 200: envelopeOf(QrCodeSchema) },
      },
    },
    async (request) => {
      await spend(creations, request.ip);
      const browser = describeUserAgent(request.headers['user-agent']);
      const code = await createQrLogin(db, { browser, ip: request.ip });
      const url = `${request.protocol}://${request.host}/qr-confirm?qrcodeId=${encodeURIComponent(code.qrcodeId)}`;
      return ok(request, {
        qrcodeId: code.qrcodeId,
        tscode: code.tscode,
        url,
        expiresAt: code.expiresAt.toISOString(),
      });
    },
  );
  r.get(
    `${BASE}/state`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Poll a code: waiting, scanned, confirmed (with a one-time getToken, once) or expired',
        querystring: QrStateQuerySchema,
        response: { 200: envelopeOf(QrStateSchema) },
      },
    },
    async (request) => ok(request, await pollQrLogin(db, request.query.qrcodeId, request.query.tscode)),
  );
  r.get(
    `${BASE}/token`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Trade the getToken (single use) for a session of the confirming user',
        querystring: QrTokenQuerySchema,
        // A disabled account is refused with HTTP 200 and data null (as at gettoken).
        response: { 200: z.union([envelopeOf(TokenSchema), envelopeOf(z.null())]) },
      },
    },
    async (request) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      const { token, userId } = await exchangeGetToken(db, ctx.config, request.query.getToken, client);
      request.log.info({ userId, ip: request.ip }, 'signed in by QR code');
      return ok(request, token);
    },
  );
  r.post(
    `${BASE}/scan`,
    {
      schema: {
        tags,
        summary: 'The signed-in phone opened the code: marks it scanned and tells which browser asks',
        body: QrScanBodySchema,
        response: { 200: envelopeOf(QrRequesterSchema) },
      },
    },
    async (request) => ok(request, await scanQrLogin(db, request.user, request.body.qrcodeId)),
  );
  r.post(
    `${BASE}/confirm`,
    {
      schema: {
        tags,
        summary: 'The phone that scanned approves (signs the browser in) or refuses (the code ends)',
        body: QrConfirmBodySchema,
        response: { 200: envelopeOf(QrStateSchema) },
      },
    },
    async (request) => {
      const { qrcodeId, approve } = request.body;
      const result = await confirmQrLogin(db, request.user, qrcodeId, approve);
      return ok(request, result, approve ? 'common.ok' : 'common.cancelled');
    },
  );
}
