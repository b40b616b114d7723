/**
 * Issue 24 item 15 on the server: a user orders a report plan, customer service confirms the payment in
 * the console, the user's type and plan end follow, and a reminder mail is queued before the plan ends.
 */
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';
import { signInAdmin } from '../admin/test-admin';
import { PLAN_REMINDER_DAYS, sendPlanReminders } from './reminder-job';

const API = '/owner_api/webpvesc/ajax';
const DAY_MS = 86_400_000;

describe('report plans: order, payment confirmed by customer service, reminder', () => {
  let t: TestApp;
  let admin: string;
  let token: string;
  let userId: number;
  const post = (path: string, token_: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `${API}/${path}`, headers: { token: token_ }, payload });
  const get = (path: string, token_: string) =>
    t.app.inject({ method: 'GET', url: `${API}/${path}`, headers: { token: token_ } });

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await buildUser(t.db, { email: 'plan.buyer@example.com', emailVerified: true });
    userId = user.id;
    [admin, token] = await Promise.all([signInAdmin(t.app), signIn(t.app, user)]);
  });
  afterAll(() => t.close());

  it('orders a plan of 1 or 3 months at its fee; another order replaces the pending one', async () => {
    const bad = (await post('user/plans/order', token, { months: 2 })).json();
    expect(bad).toMatchObject({ status: Status.ILLEGAL_INPUT, data: { field: 'months' } });
    const first = (await post('user/plans/order', token, { months: 1 })).json();
    expect(first).toMatchObject({ status: 0, data: { months: 1, amountYuan: 100, state: 'pending' } });
    const second = (await post('user/plans/order', token, { months: 3 })).json();
    expect(second.data).toMatchObject({ months: 3, amountYuan: 900, state: 'pending' });
    const plans = (await get('user/plans', token)).json();
    expect(plans.data).toMatchObject({
      current: null,
      usertype: 1,
      pendingOrder: { id: second.data.id, months: 3, amountYuan: 900 },
    });
    const orders = (await get('manage/plans/orders?state=pending&filterText=plan.buyer', admin)).json();
    expect(orders.data.rows.map((o: { id: number }) => o.id)).toEqual([second.data.id]);
  });

  it('takes invoice details naming a person by ID number or a company by tax number (issue 35 item 4)', async () => {
    const bad = await post('user/plans/order', token, {
      months: 3,
      invoice: { name: 'Zhang San', idNumber: '110105194912310021' },
    });
    expect(bad.json()).toMatchObject({
      status: Status.ILLEGAL_INPUT,
      msg: 'Please enter a correct ID number',
      data: { field: 'invoice/idNumber' },
    });
    const czech = await post('user/plans/order', token, {
      months: 3,
      invoice: { name: 'Firma s.r.o.', idNumber: '91350100M000100Y44' },
      languageId: 4,
    });
    expect(czech.json().msg).toBe('Zadejte prosím platné číslo průkazu totožnosti');
    const person = (
      await post('user/plans/order', token, {
        months: 3,
        invoice: { name: 'Zhang San', idNumber: '11010519491231002x' },
      })
    ).json();
    expect(person).toMatchObject({
      status: 0,
      data: { invoice: { name: 'Zhang San', idNumber: '11010519491231002X' } },
    });
    const company = (
      await post('user/plans/order', token, {
        months: 3,
        invoice: { name: 'Sunny Roofs Ltd', idNumber: '91350100M000100Y43' },
      })
    ).json();
    expect(company.data.invoice).toEqual({ name: 'Sunny Roofs Ltd', idNumber: '91350100M000100Y43' });
    // Customer service reads who the invoice names with the order.
    const orders = (await get('manage/plans/orders?state=pending&filterText=plan.buyer', admin)).json();
    expect(orders.data.rows).toMatchObject([
      { id: company.data.id, invoice: { name: 'Sunny Roofs Ltd', idNumber: '91350100M000100Y43' } },
    ]);
  });

  it('lets only an administrator confirm; the user becomes premium until the plan ends', async () => {
    const { id } = (await get('user/plans', token)).json().data.pendingOrder;
    const refused = (await post('manage/plans/confirm', token, { orderId: id })).json();
    expect(refused.status).toBe(Status.NO_PERMISSION);
    expect((await get('user/plans', token)).json().data).toMatchObject({ usertype: 1, current: null });
    const before = Date.now();
    const done = (await post('manage/plans/confirm', admin, { orderId: id })).json();
    expect(done).toMatchObject({ status: 0, data: { userId } });
    const plans = (await get('user/plans', token)).json().data;
    expect(plans).toMatchObject({ usertype: 2, pendingOrder: null, current: { months: 3 } });
    const end = Date.parse(plans.current.expiresAt);
    expect(end).toBeGreaterThan(before + 88 * DAY_MS);
    expect(end).toBeLessThan(before + 93 * DAY_MS);
    // Confirming twice changes nothing.
    expect((await post('manage/plans/confirm', admin, { orderId: id })).json().status).toBe(Status.NOT_FOUND);
  });

  it('queues one reminder mail a week before the end, in the user’s language', async () => {
    const { expiresAt } = (await get('user/plans', token)).json().data.current;
    const end = Date.parse(expiresAt);
    const mails = async () =>
      (
        await t.db.query<{ subject: string; body: string }>(
          "SELECT subject, body FROM mail_outbox WHERE to_address = 'plan.buyer@example.com'",
        )
      ).rows;
    expect(await sendPlanReminders(t.db, new Date(end - (PLAN_REMINDER_DAYS + 1) * DAY_MS))).toBe(0);
    expect(await sendPlanReminders(t.db, new Date(end - 3 * DAY_MS))).toBe(1);
    expect(await sendPlanReminders(t.db, new Date(end - 2 * DAY_MS))).toBe(0);
    const queued = await mails();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.subject).toBe('Your report plan ends soon');
    expect(queued[0]!.body).toContain(new Date(end).toISOString().slice(0, 10));
  });
});
