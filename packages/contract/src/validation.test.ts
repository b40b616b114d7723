import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from './messages';
import {
  emailField,
  IPV4_RE,
  idOrTaxNumberField,
  isIdNumber,
  issueParams,
  isTaxNumber,
  loginNameField,
  optionalEmailField,
  optionalPhoneField,
  passwordField,
  passwordKinds,
  passwordPair,
  smtpHostField,
  text,
  validCodeField,
} from './validation';

/** The catalogue key of the first issue, or 'ok'. */
const verdict = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? 'ok' : r.error.issues[0]!.message;
};

describe('spec §5 validation rules', () => {
  it('allows only letters, digits and underscore in a login name, 2 to 20 long', () => {
    expect(verdict(loginNameField, 'solar_Sam_2')).toBe('ok');
    expect(verdict(loginNameField, 'solar sam')).toBe('validation.name');
    expect(verdict(loginNameField, 'sam-1')).toBe('validation.name');
    expect(verdict(loginNameField, 'a')).toBe('validation.length');
    expect(verdict(loginNameField, 'a'.repeat(21))).toBe('validation.length');
  });

  it('refuses < and > in free text', () => {
    expect(verdict(text(2, 50), 'Garage <b>')).toBe('validation.noAngle');
    expect(verdict(text(2, 50), 'Garage 1')).toBe('ok');
  });

  it('checks e-mail, allowing it empty where optional', () => {
    expect(verdict(emailField, 'owner@example.com')).toBe('ok');
    expect(verdict(emailField, 'owner@example')).toBe('validation.email');
    expect(verdict(emailField, '')).toBe('validation.required');
    expect(optionalEmailField.parse('')).toBeNull();
    expect(verdict(optionalEmailField, 'nope')).toBe('validation.email');
  });

  it('accepts mainland mobiles and landlines with area code', () => {
    expect(verdict(optionalPhoneField, '13812345678')).toBe('ok');
    expect(verdict(optionalPhoneField, '010-1234567')).toBe('ok');
    expect(verdict(optionalPhoneField, '12345')).toBe('validation.phone');
    expect(optionalPhoneField.parse('')).toBeNull();
  });

  it('knows IPv4 addresses, SMTP hosts and ID numbers', () => {
    expect(IPV4_RE.test('192.168.1.20')).toBe(true);
    expect(IPV4_RE.test('256.1.1.1')).toBe(false);
    expect(verdict(smtpHostField, 'smtp.example.com')).toBe('ok');
    expect(verdict(smtpHostField, '10.0.0.25')).toBe('ok');
    expect(verdict(smtpHostField, 'smtp example')).toBe('validation.smtpHost');
    // GB 11643 check character: the sample number 11010519491231002X is valid, one digit changed is not.
    expect(isIdNumber('11010519491231002X')).toBe(true);
    expect(isIdNumber('11010519491231002x')).toBe(true);
    expect(isIdNumber('110105194912310021')).toBe(false);
    expect(isIdNumber('1101051949123100')).toBe(false);
  });

  it('names an invoice by ID number or company tax number, else says the spec’s ID number message', () => {
    // GB 32100 check character of published unified social credit codes; one character changed fails.
    expect(isTaxNumber('91330100716105852F')).toBe(true);
    expect(isTaxNumber('914403001922038216')).toBe(true);
    expect(isTaxNumber('914403001922038217')).toBe(false);
    expect(isTaxNumber('11010519491231002X')).toBe(false);
    expect(verdict(idOrTaxNumberField, '11010519491231002x')).toBe('ok');
    expect(idOrTaxNumberField.parse(' 11010519491231002x ')).toBe('11010519491231002X');
    expect(verdict(idOrTaxNumberField, '91330100716105852F')).toBe('ok');
    expect(verdict(idOrTaxNumberField, '110105194912310021')).toBe('validation.idNumber');
    expect(verdict(idOrTaxNumberField, '')).toBe('validation.required');
    expect(translate('validation.idNumber', 'en-US')).toBe('Please enter a correct ID number');
  });

  it('wants passwords of 8+ characters with 3 of 4 kinds, not the user name, entered twice alike', () => {
    expect(passwordKinds('abcDEF12')).toBe(3);
    expect(verdict(passwordField, 'Ab1!')).toBe('validation.passwordLength');
    expect(verdict(passwordField, 'abcdefgh1')).toBe('validation.passwordKinds');
    expect(verdict(passwordField, 'Abcdefg1')).toBe('ok');
    const form = passwordPair(
      z.object({ userName: z.string(), password: passwordField, confirmPassword: z.string() }),
      (v) => v.userName,
    );
    expect(
      verdict(form, { userName: 'Sam_2024A', password: 'sam_2024a', confirmPassword: 'sam_2024a' }),
    ).toBe('validation.passwordIsName');
    expect(verdict(form, { userName: 'sam', password: 'Abcdefg1', confirmPassword: 'Abcdefg2' })).toBe(
      'validation.passwordMismatch',
    );
    expect(verdict(form, { userName: 'sam', password: 'Abcdefg1', confirmPassword: 'Abcdefg1' })).toBe('ok');
  });

  it('takes verification codes of exactly 6 letters or digits, case kept', () => {
    expect(validCodeField.parse('XoFEuH')).toBe('XoFEuH');
    expect(verdict(validCodeField, 'XoFEu')).toBe('validation.code');
    expect(verdict(validCodeField, 'XoFE-H')).toBe('validation.code');
  });
});

describe('issueParams', () => {
  it('fills {max} of a list cap from the issue (push.tooMany)', () => {
    const list = z.array(z.number()).max(10, { error: 'push.tooMany' });
    const issue = list.safeParse(Array.from({ length: 11 }, (_, i) => i)).error!.issues[0]!;
    expect(issue.message).toBe('push.tooMany');
    expect(issueParams(issue)).toEqual({ max: 10 });
    expect(translate('push.tooMany', 'en-US', issueParams(issue))).toBe('Choose at most 10 items');
  });

  it('gives a message without a bound no placeholders', () => {
    const issue = emailField.safeParse('nope').error!.issues[0]!;
    expect(issueParams(issue)).toEqual({});
  });
});
