/**
 * The edge as an attacker meets it (issue 6 §1–§3), case by case: the hostile-input suite covers every
 * route generically; these name the holes that were found and what the API now answers.
 */
import { connect } from 'node:net';
import { API_PREFIX, LANGUAGE_HEADER, TOKEN_HEADER } from '@ems/contract/constants';
import { Status } from '@ems/contract/status-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStation, buildUser, signIn } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/helper';

let t: TestApp;
let owner: string;
let stationId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const user = await buildUser(t.db);
  stationId = (await buildStation(t.db, { ownerId: user.id })).id;
  owner = await signIn(t.app, user);
});
afterAll(async () => t?.close());

const BASEINFO = `${API_PREFIX}/webpvesc/ajax/station/baseinfo`;
const LANGUAGES = `${API_PREFIX}/webpvesc/ajax/language/list`;

describe('one way in', () => {
  it('a percent-encoded or doubled API prefix reaches no route without a session', async () => {
    for (const url of [`/%6fwner_api/webpvesc/ajax/user/info`, `/%6Fwner_api/webpvesc/ajax/user/info`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: Status.LOGGED_OUT, data: null });
    }
    const doubled = await t.app.inject({ method: 'GET', url: `//owner_api/webpvesc/ajax/user/info` });
    expect(doubled.statusCode).toBe(404);
    expect(doubled.json()).toMatchObject({ status: Status.NOT_FOUND });
  });

  it('a public route stays public however its path is spelt', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/%6fwner_api/webpvesc/ajax/language/list` });
    expect(res.json()).toMatchObject({ status: Status.OK });
  });

  it('an owner is refused a console call before its body is read or validated', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/webpvesc/ajax/manage/users/edit`,
      headers: { [TOKEN_HEADER]: owner, 'content-type': 'application/json', [LANGUAGE_HEADER]: '2' },
      payload: '{"userId": ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: Status.NO_PERMISSION, msg: '无操作权限', data: null });
  });
});

describe('one answer shape', () => {
  const cases: Array<
    [string, { method: 'GET' | 'POST'; url: string; payload?: string; type?: string }, number]
  > = [
    [
      'a malformed URL escape',
      { method: 'GET', url: `${API_PREFIX}/webpvesc/ajax/user/avatar/%E0%A4%A` },
      400,
    ],
    [
      'an over-long path parameter',
      { method: 'GET', url: `${API_PREFIX}/webpvesc/ajax/user/avatar/${'9'.repeat(500)}` },
      400,
    ],
    ['an unknown API route', { method: 'GET', url: `${API_PREFIX}/nothing/here` }, 404],
    [
      'malformed JSON',
      {
        method: 'POST',
        url: `${API_PREFIX}/auth/owner/gettoken`,
        payload: '{"a":',
        type: 'application/json',
      },
      400,
    ],
    [
      'an unsupported media type',
      { method: 'POST', url: `${API_PREFIX}/auth/owner/gettoken`, payload: '<a/>', type: 'application/xml' },
      415,
    ],
    [
      'a body past the limit',
      {
        method: 'POST',
        url: `${API_PREFIX}/auth/owner/gettoken`,
        payload: `"${'x'.repeat(1_100_000)}"`,
        type: 'application/json',
      },
      413,
    ],
  ];
  for (const [what, req, http] of cases) {
    it(`${what} answers HTTP ${http} in the envelope, in the caller's language`, async () => {
      const res = await t.app.inject({
        method: req.method,
        url: req.url,
        payload: req.payload,
        headers: {
          [LANGUAGE_HEADER]: '2',
          [TOKEN_HEADER]: owner,
          ...(req.type ? { 'content-type': req.type } : {}),
        },
      });
      expect(res.statusCode).toBe(http);
      const body = res.json() as { status: number; msg: string; data: unknown };
      expect(body.status).toBe(http === 404 ? Status.NOT_FOUND : Status.ILLEGAL_INPUT);
      expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
      expect(body).toHaveProperty('data');
    });
  }

  it('a broken multipart upload is the caller’s fault, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/webpvesc/ajax/user/avatar`,
      headers: { [TOKEN_HEADER]: owner, 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: Status.ILLEGAL_INPUT, msg: 'Illegal input' });
  });

  it('a request the HTTP parser cannot read gets a 400 envelope on the socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (d) => {
        text += d.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({
      status: Status.ILLEGAL_INPUT,
      data: null,
    });
  });
});

describe('the contract bounds every field', () => {
  it('ids past the database integer range answer 400, not 500', async () => {
    for (const id of ['2147483648', '99999999999999999999', '1e400', '-1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: BASEINFO,
        query: { stationId: id },
        headers: { [TOKEN_HEADER]: owner },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: Status.ILLEGAL_INPUT, data: { field: 'stationId' } });
    }
    const mine = await t.app.inject({
      method: 'GET',
      url: BASEINFO,
      query: { stationId: String(stationId) },
      headers: { [TOKEN_HEADER]: owner },
    });
    expect(mine.json()).toMatchObject({ status: Status.OK });
  });

  it('text with a NUL or a lone surrogate is refused as illegal input and changes nothing', async () => {
    for (const nickname of ['Bob\u0000', 'Bob\ud800', 'Bob\udc00x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/webpvesc/ajax/user/info/edit`,
        headers: { [TOKEN_HEADER]: owner, [LANGUAGE_HEADER]: '2' },
        payload: { nickname, timeZone: 'Europe/Berlin' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: Status.ILLEGAL_INPUT, msg: '非法输入' });
    }
    const info = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/webpvesc/ajax/user/info`,
      headers: { [TOKEN_HEADER]: owner },
    });
    expect(JSON.stringify(info.json())).not.toMatch(/Bob/);
  });

  it('a NUL hidden in a key of an unvalidated object is refused too', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${LANGUAGES}?a%00b=1` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: Status.ILLEGAL_INPUT });
  });
});
