import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground, isUrgent } from '../db/urgency';
import { buildTestApp, type TestApp } from '../test/helper';

describe("an HTTP request's database calls are urgent (issue 36 §1)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, (app) => {
      app.get('/test/urgency', { config: { public: true } }, async () => {
        const atStart = isUrgent();
        await new Promise((r) => setTimeout(r, 5));
        return { atStart, afterTimer: isUrgent(), inBackground: inBackground(() => isUrgent()) };
      });
    });
  });
  afterAll(() => t.close());

  it('the whole handling of a request is marked, work it sends to the background is not, nor is the rest', async () => {
    const res = await t.app.inject({ url: '/test/urgency' });
    expect(res.json()).toEqual({ atStart: true, afterTimer: true, inBackground: false });
    expect(isUrgent()).toBe(false);
  });
});
