import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { watchHttpQuiet } from './http-quiet';

const app = Fastify();
const quiet = watchHttpQuiet(app, 200);
app.get('/x', async () => ({ ok: true }));
afterAll(() => app.close());

describe('watchHttpQuiet', () => {
  it('is quiet before any request, busy right after one starts, quiet again after quietMs', async () => {
    await app.ready();
    expect(quiet()).toBe(true);
    expect((await app.inject({ url: '/x' })).statusCode).toBe(200);
    expect(quiet()).toBe(false);
    await new Promise((r) => setTimeout(r, 250));
    expect(quiet()).toBe(true);
  });
});
