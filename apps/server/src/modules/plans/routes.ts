/**
 * Report subscription plans (spec §1, §9; issue 24 item 15): the user orders a plan (POST
 * user/plans/order, any signed-in user), customer service confirms its payment in the console (GET
 * manage/plans/orders, POST manage/plans/confirm, admin scope), and the user's type and plan end follow.
 */
import { PlanOrderBodySchema, PlanOrderSchema, planFee } from '@ems/contract/api/account';
import {
  AdminPlanOrderPageSchema,
  PlanConfirmBodySchema,
  PlanOrderQuerySchema,
} from '@ems/contract/api/admin';
import { envelopeOf } from '@ems/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { confirmOrder, findOrderPage, replacePendingOrder } from './repo';

/** POST user/plans/order (signed in). */
export async function planRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/webpvesc/ajax/user/plans/order',
    {
      schema: {
        tags: ['user'],
        summary: 'Orders a report plan; customer service confirms the payment (a pending order is replaced)',
        body: PlanOrderBodySchema,
        response: { 200: envelopeOf(PlanOrderSchema) },
      },
    },
    async (request) => {
      const { months, invoice } = request.body;
      const order = await replacePendingOrder(
        ctx.db.db,
        request.user.userId,
        months,
        planFee(months),
        invoice ?? null,
      );
      request.log.info({ orderId: order.id, months }, 'plan ordered');
      return ok(request, order);
    },
  );
}

/** GET manage/plans/orders and POST manage/plans/confirm; mount inside the admin-only scope. */
export async function planAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/webpvesc/ajax/manage/plans/orders',
    {
      schema: {
        tags: ['manage'],
        summary: 'Report-plan orders, newest first',
        querystring: PlanOrderQuerySchema,
        response: { 200: envelopeOf(AdminPlanOrderPageSchema) },
      },
    },
    async (request) => ok(request, await findOrderPage(ctx.db.db, request.query)),
  );
  r.post(
    '/webpvesc/ajax/manage/plans/confirm',
    {
      schema: {
        tags: ['manage'],
        summary: 'Confirms the payment of a pending order: the user becomes premium until the plan ends',
        body: PlanConfirmBodySchema,
        response: { 200: envelopeOf(z.object({ userId: z.number().int(), expiresAt: z.string() })) },
      },
    },
    async (request) => {
      const done = await confirmOrder(ctx.db.db, request.body.orderId, request.user.userId, new Date());
      if (!done) throw notFound();
      request.log.info({ orderId: request.body.orderId, userId: done.userId }, 'plan payment confirmed');
      return ok(request, { userId: done.userId, expiresAt: done.expiresAt.toISOString() });
    },
  );
}
