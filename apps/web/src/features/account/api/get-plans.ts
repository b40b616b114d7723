/** GET /owner_api/webpvesc/ajax/user/plans: report subscription plans and the caller's current one. */
import type { Invoice, PlanOrder, PlansSchema } from '@ems/contract/api/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** Plans (1 or 3 months, yuan per year), the current plan or null, and the user type. */
export type Plans = z.infer<typeof PlansSchema>;

/** Reads the plans. */
export function getPlans(signal?: AbortSignal): Promise<Plans> {
  return api.get<Plans>('/webpvesc/ajax/user/plans', undefined, signal);
}

/** Plans change through customer service, not while the page is open. */
export function plansQueryOptions() {
  return queryOptions({ queryKey: ['account', 'plans'], queryFn: ({ signal }) => getPlans(signal) });
}

/** The caller's plans. */
export function usePlans() {
  return useQuery(plansQueryOptions());
}

/**
 * POST user/plans/order: orders the plan of `months`, with invoice details or none; customer service
 * then confirms the payment.
 */
export function orderPlan(months: number, invoice: Invoice | null = null): Promise<PlanOrder> {
  return api.post<PlanOrder>('/webpvesc/ajax/user/plans/order', { months, invoice });
}
