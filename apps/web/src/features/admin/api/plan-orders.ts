/** Report-plan orders in the console (issue 24 item 15): GET manage/plans/orders, POST manage/plans/confirm. */
import type { AdminPlanOrderPageSchema } from '@ems/contract/api/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';
import type { PageParams } from './get-users';

/** One page of orders and the total. */
export type PlanOrderPage = z.infer<typeof AdminPlanOrderPageSchema>;

/** The page of orders for `params`, narrowed to `state` (undefined: all). */
export function usePlanOrders(params: PageParams, state: 'pending' | 'confirmed' | undefined) {
  return useQuery({
    queryKey: ['admin', 'plan-orders', params, state ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<PlanOrderPage>('/webpvesc/ajax/manage/plans/orders', { ...params, state }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Confirms the payment of a pending order. */
export function confirmPlanOrder(orderId: number): Promise<{ userId: number; expiresAt: string }> {
  return api.post('/webpvesc/ajax/manage/plans/confirm', { orderId });
}
