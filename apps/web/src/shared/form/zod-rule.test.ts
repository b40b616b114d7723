import { PasswordResetFormSchema, RegisterFormSchema } from '@ems/contract/api/account';
import { AlarmRuleSaveSchema } from '@ems/contract/api/alarm';
import { translate } from '@ems/contract/messages';
import { loginNameField } from '@ems/contract/validation';
import { describe, expect, it } from 'vitest';
import { fieldIssue, formValues, issueText } from './zod-rule';

const good = {
  userName: 'solar_fan',
  nickname: '',
  email: 'fan@example.com',
  phone: '',
  password: 'Sunny-Day-42',
  confirmPassword: 'Sunny-Day-42',
};

/** The text the register form shows on `field` for `values`, in `language`. */
function said(values: Record<string, unknown>, field: string, language = 'en-US'): string | null {
  const issue = fieldIssue(RegisterFormSchema, values, field);
  return issue ? issueText(issue, language, RegisterFormSchema) : null;
}

describe('form rules from the contract (spec §5)', () => {
  it('passes a good registration', () => {
    for (const field of Object.keys(good)) expect(said(good, field)).toBeNull();
  });

  it('says each field rule with the catalogue text, bounds filled in', () => {
    expect(said({ ...good, userName: 'a' }, 'userName')).toBe('Length must be between 2 and 20 characters');
    expect(said({ ...good, userName: 'bad name' }, 'userName')).toBe(translate('validation.name', 'en-US'));
    expect(said({ ...good, nickname: 'a<b' }, 'nickname')).toBe(translate('validation.noAngle', 'en-US'));
    expect(said({ ...good, email: 'not-mail' }, 'email')).toBe(translate('validation.email', 'en-US'));
    expect(said({ ...good, phone: '12345' }, 'phone')).toBe(translate('validation.phone', 'en-US'));
    expect(said({ ...good, phone: '010-1234567' }, 'phone')).toBeNull();
    expect(said({ ...good, password: 'Ab1!', confirmPassword: 'Ab1!' }, 'password')).toBe(
      translate('validation.passwordLength', 'en-US'),
    );
    expect(said({ ...good, password: 'abcdefgh1', confirmPassword: 'abcdefgh1' }, 'password')).toBe(
      translate('validation.passwordKinds', 'en-US'),
    );
  });

  it('says the cross-field rules on the field they name', () => {
    expect(
      said({ ...good, userName: 'Sunny_Day42', password: 'sunny_day42', confirmPassword: 'x' }, 'password'),
    ).toBe(translate('validation.passwordIsName', 'en-US'));
    expect(
      said(
        { ...good, userName: 'Abc_12345', password: 'Abc_12345', confirmPassword: 'Abc_12345' },
        'password',
      ),
    ).toBe(translate('validation.passwordIsName', 'en-US'));
    expect(said({ ...good, confirmPassword: 'Sunny-Day-43' }, 'confirmPassword')).toBe(
      translate('validation.passwordMismatch', 'en-US'),
    );
    const reset = fieldIssue(
      PasswordResetFormSchema,
      { userName: 'x1', password: 'Sunny-Day-42', confirmPassword: 'other' },
      'confirmPassword',
    );
    expect(reset?.message).toBe('validation.passwordMismatch');
  });

  it('says "not the user name" while the confirmation is still empty', () => {
    // antd leaves a field never touched out of the values altogether.
    const values = formValues({ userName: 'sun_42xy', password: 'sun_42xy' }, ['confirmPassword']);
    const issue = fieldIssue(PasswordResetFormSchema, values, 'password');
    expect(issue?.message).toBe('validation.passwordIsName');
  });

  it('fills the bounds of a single-value schema too', () => {
    const issue = loginNameField.safeParse('x').error!.issues[0]!;
    expect(issueText(issue, 'en-US', loginNameField)).toBe('Length must be between 2 and 20 characters');
  });

  it('speaks the interface language', () => {
    expect(said({ ...good, confirmPassword: 'x' }, 'confirmPassword', 'zh-CN')).toBe('两次输入密码不一致');
    expect(said({ ...good, email: 'x' }, 'email', 'zh-CN')).toBe('请输入正确的邮箱地址');
    expect(said({ ...good, userName: 'a' }, 'userName', 'pt-BR')).toBe(
      'O tamanho deve estar entre 2 e 20 caracteres',
    );
  });
});

describe('the alarm rule form (issue 34 item 10)', () => {
  it('says an empty or blank name cannot be empty, not a length', () => {
    for (const name of ['', '   ']) {
      const issue = fieldIssue(AlarmRuleSaveSchema, { stationId: 1, name }, 'name');
      expect(issueText(issue!, 'en-US', AlarmRuleSaveSchema)).toBe('This field cannot be empty');
    }
  });
});
