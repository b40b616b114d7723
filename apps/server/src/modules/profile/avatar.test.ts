import { AVATAR_MAX_BYTES } from '@ems/contract/api/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let token: string;
let userId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const user = await buildUser(t.db);
  userId = user.id;
  token = await signIn(t.app, user);
});
afterAll(async () => t?.close());

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const upload = (
  data: Buffer,
  opts: { name?: string; mime?: string; field?: string; token?: string } = {},
) => {
  const form = new FormData();
  form.append(
    opts.field ?? 'file',
    new Blob([data], { type: opts.mime ?? 'image/png' }),
    opts.name ?? 'me.png',
  );
  return t.app.inject({
    method: 'POST',
    url: '/owner_api/webpvesc/ajax/user/avatar',
    headers: opts.token === '' ? {} : { token: opts.token ?? token },
    payload: form,
  });
};
const userInfo = () =>
  t.app.inject({ method: 'GET', url: '/owner_api/webpvesc/ajax/user/info', headers: { token } });

describe('user/avatar', () => {
  it('accepts a PNG, points user/info at it and serves the same bytes back without a token', async () => {
    const res = await upload(PNG);
    expect(res.statusCode).toBe(200);
    const avatar = res.json().data.avatar as string;
    expect(avatar).toMatch(new RegExp(`^/owner_api/webpvesc/ajax/user/avatar/${userId}\\?v=[\\w-]{12}$`));
    expect((await userInfo()).json().data.avatar).toBe(avatar);

    const img = await t.app.inject({ method: 'GET', url: avatar });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);

    const again = await t.app.inject({
      method: 'GET',
      url: avatar,
      headers: { 'if-none-match': String(img.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('takes a JPEG or WebP by content even when the client calls it something else; the URL changes', async () => {
    const before = (await userInfo()).json().data.avatar;
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    const res = await upload(jpeg, { name: 'photo.bin', mime: 'application/octet-stream' });
    expect(res.json().status).toBe(0);
    expect(res.json().data.avatar).not.toBe(before);
    const img = await t.app.inject({ method: 'GET', url: res.json().data.avatar });
    expect(img.headers['content-type']).toBe('image/jpeg');

    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(32),
    ]);
    const w = await upload(webp, { name: 'x.webp', mime: 'image/webp' });
    const wimg = await t.app.inject({ method: 'GET', url: w.json().data.avatar });
    expect(wimg.headers['content-type']).toBe('image/webp');
  });

  it('refuses a text file renamed .png and sent as image/png', async () => {
    const before = (await userInfo()).json().data.avatar;
    const res = await upload(Buffer.from('just some text, not an image\n'), { name: 'evil.png' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 40000,
      msg: 'Please choose a PNG, JPEG or WebP image',
      data: { field: 'file' },
    });
    expect((await userInfo()).json().data.avatar).toBe(before);
  });

  it('refuses an image over the size limit, saying the limit in the caller language', async () => {
    const big = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(AVATAR_MAX_BYTES + 1)]);
    const form = new FormData();
    form.append('file', new Blob([big], { type: 'image/png' }), 'big.png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/owner_api/webpvesc/ajax/user/avatar',
      headers: { token, languageid: '2' },
      payload: form,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 40000, msg: '图片不能超过 512 KB', data: { field: 'file' } });
  });

  it('refuses a form without a `file` field, a JSON body, and a caller without a token', async () => {
    const wrongField = await upload(PNG, { field: 'image' });
    expect(wrongField.json()).toMatchObject({ status: 40000, data: { field: 'file' } });
    const json = await t.app.inject({
      method: 'POST',
      url: '/owner_api/webpvesc/ajax/user/avatar',
      headers: { token },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().status).toBe(40000);
    const anonymous = await upload(PNG, { token: '' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 40400 for a user without an avatar', async () => {
    const other = await buildUser(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: `/owner_api/webpvesc/ajax/user/avatar/${other.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(40400);
  });
});
