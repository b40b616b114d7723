import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { encryptForm, post, type RegisterForm, validForm } from './test-account';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const CHECK = '/owner_api/webpvesc/ajax/register/check';
const VERIFY_NAME = '/owner_api/auth/owner/register/verifyUserName';

async function check(
  form: RegisterForm,
  opts: { languageId?: number; plaintext?: boolean; ip?: string } = {},
) {
  return post(t.app, CHECK, await encryptForm(t.app, form, opts.plaintext), {
    languageId: opts.languageId,
    ip: opts.ip ?? '10.3.0.1',
  });
}

describe('register/check: every spec §5 rule, first failure in msg and data.field', () => {
  const cases: [string, Partial<RegisterForm>, string, string, string][] = [
    [
      'name characters',
      { userName: 'bad name!' },
      'userName',
      'Only letters, digits and underscore are allowed',
      '仅能输入英文字母，数字以及下划线',
    ],
    [
      'name too short',
      { userName: 'a' },
      'userName',
      'Length must be between 2 and 20 characters',
      '长度在 2 到 20 个字符',
    ],
    [
      'name too long',
      { userName: 'n'.repeat(21) },
      'userName',
      'Length must be between 2 and 20 characters',
      '长度在 2 到 20 个字符',
    ],
    [
      'nickname too long',
      { nickname: 'x'.repeat(51) },
      'nickname',
      'Length must be between 0 and 50 characters',
      '长度在 0 到 50 个字符',
    ],
    [
      '< or > in the nickname',
      { nickname: 'Bob <b>' },
      'nickname',
      'The characters < and > are not allowed',
      '不能包含 < 或 >',
    ],
    ['empty e-mail', { email: '' }, 'email', 'This field cannot be empty', '不能为空'],
    [
      'e-mail format',
      { email: 'bob@example' },
      'email',
      'Please enter a correct e-mail address',
      '请输入正确的邮箱地址',
    ],
    [
      'phone format',
      { phone: '12345' },
      'phone',
      'Please enter a correct mobile or landline number',
      '请输入正确的电话号码或者固话号码',
    ],
    [
      'password length',
      { password: 'Ab1!x', confirmPassword: 'Ab1!x' },
      'password',
      'The password needs at least 8 characters',
      '密码至少 8 位',
    ],
    [
      'password kinds',
      { password: 'abcdefgh12', confirmPassword: 'abcdefgh12' },
      'password',
      'Use at least 3 of: uppercase, lowercase, digits, special characters',
      '至少包含大写字母、小写字母、数字、特殊字符中的 3 种',
    ],
    [
      'passwords differ',
      { confirmPassword: 'Reg@Pass2025' },
      'confirmPassword',
      'The two passwords do not match',
      '两次输入密码不一致',
    ],
    ['time zone', { timeZone: 'Mars/Olympus' }, 'timeZone', 'Illegal input', '非法输入'],
  ];

  for (const [rule, overrides, field, en, zh] of cases) {
    it(`${rule}: en-US and zh-CN`, async () => {
      const form = validForm('rule_user', overrides);
      const enRes = await check(form);
      expect(enRes.statusCode).toBe(200);
      expect(enRes.json()).toEqual({ status: 40000, msg: en, data: { field } });
      const zhRes = await check(form, { languageId: 2 });
      expect(zhRes.json()).toEqual({ status: 40000, msg: zh, data: { field } });
    });
  }

  it('password equal to the user name (ignoring case) is refused', async () => {
    const res = await check(
      validForm('Strong_Name1', { password: 'strong_name1', confirmPassword: 'strong_name1' }),
    );
    expect(res.json()).toEqual({
      status: 40000,
      msg: 'The password cannot equal the user name',
      data: { field: 'password' },
    });
    const zh = await check(
      validForm('Strong_Name1', { password: 'STRONG_NAME1', confirmPassword: 'STRONG_NAME1' }),
      {
        languageId: 2,
      },
    );
    expect(zh.json()).toEqual({ status: 40000, msg: '密码不能与用户名相同', data: { field: 'password' } });
  });

  it('a password sent as typed (not RSA-OAEP) is refused', async () => {
    const res = await check(validForm('plain_user'), { plaintext: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 40000,
      msg: 'The password must be encrypted with the server key',
      data: { field: 'password' },
    });
  });

  it('a taken name is said before submit, ignoring case', async () => {
    const res = await check(validForm('DEMO'), { languageId: 2 });
    expect(res.json()).toEqual({ status: 40000, msg: '该用户名已被占用', data: { field: 'userName' } });
  });

  it('a valid form passes, with landline or mobile phone', async () => {
    for (const phone of ['010-1234567', '13812345678', '']) {
      const res = await check(validForm('good_user', { phone, nickname: 'Good' }));
      expect(res.json()).toEqual({ status: 0, msg: 'Operation succeeded', data: { valid: true } });
    }
  });
});

describe('verifyUserName', () => {
  const ask = (userName: string, languageId?: number) =>
    post(t.app, VERIFY_NAME, { userName }, { ip: '10.3.1.1', languageId });

  it('says whether a name is free, ignoring case', async () => {
    expect((await ask('demo')).json()).toEqual({
      status: 0,
      msg: 'Operation succeeded',
      data: { available: false },
    });
    expect((await ask('DeMo')).json().data).toEqual({ available: false });
    expect((await ask('nobody_yet')).json().data).toEqual({ available: true });
  });

  it('checks the name rules first, with the length bounds in the message', async () => {
    const res = await ask('x', 3);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 40000,
      msg: 'O tamanho deve estar entre 2 e 20 caracteres',
      data: { field: 'userName' },
    });
  });
});
