/**
 * Translation completeness: zh-CN and pt-BR carry exactly the keys of en-US; cs-CZ carries them too (issue
 * 35; scripts/locale-check.test.ts) and no other key but the plural forms Czech has and English has not;
 * placeholders match; every literal key used in the source exists (a plural key as its _one/_other
 * forms). Each language names a monitored site with one word (issue 24).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '@ems/contract/messages';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..');
const LOCALES = join(SRC, 'locales');

function flatten(tree: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

function load(code: string): Record<string, string> {
  const dir = join(LOCALES, code);
  return Object.assign(
    {},
    ...readdirSync(dir).map((file) => flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')))),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const en = load('en-US');

/**
 * The en-US text a key of another language stands for: itself, or for a plural form English lacks
 * (Czech `_few`, `_many`; CLDR plural categories) the key's `_other` form.
 */
const englishOf = (key: string): string | undefined => {
  if (key in en) return en[key];
  const plural = /^(.+)_(zero|two|few|many)$/.exec(key);
  return plural ? en[`${plural[1]}_other`] : undefined;
};

describe('locales', () => {
  it('zh-CN and pt-BR have exactly the keys of en-US, none empty', () => {
    for (const code of ['zh-CN', 'pt-BR']) {
      const texts = load(code);
      expect(Object.keys(texts).sort(), code).toEqual(Object.keys(en).sort());
      expect(
        Object.entries(texts)
          .filter(([, v]) => v.trim() === '')
          .map(([k]) => k),
        code,
      ).toEqual([]);
    }
  });

  it('cs-CZ has every key of en-US and adds none but its plural forms', () => {
    const czech = load('cs-CZ');
    expect(Object.keys(en).filter((k) => !czech[k]?.trim())).toEqual([]);
    expect(Object.keys(czech).filter((k) => englishOf(k) === undefined)).toEqual([]);
  });

  it('keeps the same placeholders in every language', () => {
    for (const code of ['zh-CN', 'pt-BR', 'cs-CZ']) {
      for (const [key, text] of Object.entries(load(code))) {
        expect(placeholders(text), `${code} ${key}`).toEqual(placeholders(englishOf(key)!));
      }
    }
  });

  it('has every literal key the source asks for', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z0-9.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    const known = (k: string) => k in en || (`${k}_one` in en && `${k}_other` in en);
    expect([...used].filter((k) => !known(k))).toEqual([]);
  });

  it('has the keys the source builds from values', () => {
    const dynamic = [
      ...['1', '2', '3', '6', '7'].map((n) => `common.systemType.${n}`),
      ...['notice', 'alarm', 'fault', 'fatal'].map((k) => `alarms.level.${k}`),
      ...['noTariff', 'mixedCurrencies'].map((k) => `history.report.money.${k}`),
      ...['inverter', 'battery', 'meter', 'charger', 'ups', 'sensor'].map((k) => `station.deviceType.${k}`),
      ...['buy', 'sell', 'idle', 'none'].map((k) => `station.flow.gridState.${k}`),
      ...['charge', 'discharge', 'idle', 'none'].map((k) => `station.flow.batteryState.${k}`),
      ...['production', 'consumption', 'gridBuy', 'gridSell', 'charge', 'discharge', 'soc'].map(
        (k) => `station.series.${k}`,
      ),
      ...['1', '2', '3', '4'].map((n) => `common.userType.${n}`),
      ...['android', 'ios'].map((p) => `common.platform.${p}`),
      ...['small', 'middle', 'large'].map((s) => `app.userMenu.sizes.${s}`),
      ...['interface', 'energy', 'brand'].map((g) => `app.svgs.${g}`),
      ...['users', 'smtp', 'outbox', 'officialAccount', 'languages', 'dictionaries', 'versions'].map(
        (k) => `admin.tabs.${k}`,
      ),
      ...['pending', 'sent', 'failed'].map((k) => `admin.outbox.states.${k}`),
      ...['none', 'ssl', 'tls'].map((k) => `admin.smtp.securityOption.${k}`),
      ...[
        'login',
        'adminLogin',
        'qrConfirm',
        'register',
        'passwordBack',
        'downloadApp',
        'version',
        'authRedirect',
        'dashboard',
        'station',
        'profile',
        'manage',
        'svgs',
        'notFound',
        'unauthorized',
      ].map((k) => `app.routes.${k}`),
    ];
    expect(dynamic.filter((k) => !(k in en))).toEqual([]);
  });
});

/**
 * Synonyms a language must not use for a monitored site (issue 24): pt-BR says "usina", zh-CN 电站 and
 * cs-CZ "lokalita", as energy portals in those languages do; a second word reads as another thing.
 */
const SITE_SYNONYMS: Record<string, RegExp[]> = {
  'pt-BR': [/\bsites?\b/i, /\bestaç(ão|ões)\b/i],
  'zh-CN': [/站点/, /场站/],
  'cs-CZ': [/\bstanic/i, /\belektrár/i, /\binstalac/i],
};

/** Texts where a forbidden word means something else than a monitored site, each with why. */
const SITE_SYNONYM_ALLOWED: Record<string, Record<string, string>> = {
  'pt-BR': {
    'pushApp.help.denied': 'the browser blocks notifications for this web site (its address), not a plant',
  },
};

/** `{{name}}` (UI) and `{name}` (server) placeholders are names in code, not words of the language. */
const withoutPlaceholders = (text: string) => text.replace(/\{\{?\w+\}\}?/g, '');

describe('one word for a site', () => {
  for (const [code, patterns] of Object.entries(SITE_SYNONYMS)) {
    const allowed = SITE_SYNONYM_ALLOWED[code] ?? {};
    const texts: Record<string, string> = {
      ...load(code),
      ...Object.fromEntries(
        Object.entries(MESSAGES).flatMap(([key, t]) => {
          const text = (t as Partial<Record<string, string>>)[code];
          return text === undefined ? [] : [[`server:${key}`, text]];
        }),
      ),
    };

    it(`${code} UI and server messages use no synonym of its word for a site`, () => {
      const offending = Object.entries(texts)
        .filter(([key, text]) => !(key in allowed) && patterns.some((p) => p.test(withoutPlaceholders(text))))
        .map(([key, text]) => `${key}: ${text}`);
      expect(offending).toEqual([]);
    });

    it(`${code} allow-list names only texts that still carry such a word`, () => {
      const stale = Object.keys(allowed).filter(
        (key) => !(key in texts) || !patterns.some((p) => p.test(withoutPlaceholders(texts[key]!))),
      );
      expect(stale).toEqual([]);
    });
  }
});
