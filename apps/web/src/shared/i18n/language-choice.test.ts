import { describe, expect, it } from 'vitest';
import { chooseLanguage, matchLanguage } from './language-choice';

const available = ['en-US', 'zh-CN', 'pt-BR', 'cs-CZ'];

describe('chooseLanguage (spec §4)', () => {
  it('takes the stored cookie language first', () => {
    expect(chooseLanguage({ cookieCode: 'pt-BR', browserLanguages: ['zh-CN'], available })).toBe('pt-BR');
  });

  it('ignores a stored language the server does not offer', () => {
    expect(chooseLanguage({ cookieCode: 'de-DE', browserLanguages: ['zh-CN'], available })).toBe('zh-CN');
  });

  it('matches the browser languages in order, by primary tag when no exact match', () => {
    expect(chooseLanguage({ cookieCode: undefined, browserLanguages: ['fr', 'pt-PT'], available })).toBe(
      'pt-BR',
    );
    expect(chooseLanguage({ cookieCode: undefined, browserLanguages: ['zh'], available })).toBe('zh-CN');
  });

  it('falls back to en-US', () => {
    expect(chooseLanguage({ cookieCode: undefined, browserLanguages: ['fr-FR'], available })).toBe('en-US');
    expect(chooseLanguage({ cookieCode: undefined, browserLanguages: [], available: ['en-US'] })).toBe(
      'en-US',
    );
  });
});

describe('matchLanguage', () => {
  it('is case-insensitive', () => {
    expect(matchLanguage('ZH-cn', available)).toBe('zh-CN');
    expect(matchLanguage('ja', available)).toBeNull();
  });
});
