import { join } from 'node:path';
import { LANGUAGES } from '@ems/contract/constants';
import { MESSAGES } from '@ems/contract/messages';
import { describe, expect, it } from 'vitest';
import { loadLanguage, messageProblems, uiTextProblems, wholeNumberPlurals } from './locale-check';

const LOCALES = join(import.meta.dirname, '..', 'apps', 'web', 'src', 'locales');
const OFFERED = LANGUAGES.map((l) => l.languageCode);

const base = {
  'account.plans.term_one': '{{count}} month',
  'account.plans.term_other': '{{count}} months',
  'account.code.caseHint': 'Upper and lower case matter.',
};

describe('the locale check (issue 35 item 2)', () => {
  it('passes the texts and server messages of every offered language, Czech included', () => {
    const en = loadLanguage(LOCALES, 'en-US')!;
    expect(OFFERED).toContain('cs-CZ');
    for (const lang of OFFERED) expect(uiTextProblems(en, loadLanguage(LOCALES, lang), lang)).toEqual([]);
    expect(messageProblems(MESSAGES, OFFERED)).toEqual([]);
  });

  it('reports a Czech key that is missing or empty, and a plural form Czech needs for 2–4', () => {
    expect(wholeNumberPlurals('cs-CZ').sort()).toEqual(['few', 'one', 'other']);
    const czech = {
      'account.plans.term_one': '{{count}} měsíc',
      'account.plans.term_other': '{{count}} měsíců',
      'account.code.caseHint': '',
    };
    expect(uiTextProblems(base, czech, 'cs-CZ')).toEqual([
      'cs-CZ: missing account.code.caseHint',
      'cs-CZ: missing account.plans.term_few',
    ]);
    expect(uiTextProblems(base, null, 'cs-CZ')).toEqual(['cs-CZ: no locale folder']);
  });

  it('asks no plural form a language does not use', () => {
    const chinese = {
      ...base,
      'account.plans.term_one': '{{count}} 个月',
      'account.plans.term_other': '{{count}} 个月',
    };
    expect(uiTextProblems(base, chinese, 'zh-CN')).toEqual([]);
  });

  it('reports a server message without a Czech text', () => {
    const messages = {
      'common.ok': { 'en-US': 'Operation succeeded', 'cs-CZ': 'Operace proběhla úspěšně' },
      'x.y': { 'en-US': 'Y' },
    };
    expect(messageProblems(messages, ['en-US', 'cs-CZ'])).toEqual(['server message x.y lacks cs-CZ']);
  });
});
