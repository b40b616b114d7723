/**
 * Spec §1–2: system type 3 holds power-and-environment monitoring sites (the "pe" template). Its label
 * says so in every language, keeping "other" for what else the type may hold, so nobody has to guess
 * that a server-room monitor lives under "Other" (issue 24 item 14).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = join(import.meta.dirname, '..', '..', 'locales');

const typeLabel = (code: string, type: number): string =>
  (
    JSON.parse(readFileSync(join(LOCALES, code, 'common.json'), 'utf8')) as {
      common: { systemType: Record<string, string> };
    }
  ).common.systemType[String(type)]!;

describe('system type labels', () => {
  it('name power & environment monitoring for type 3 in every language', () => {
    expect(['en-US', 'zh-CN', 'pt-BR', 'cs-CZ'].map((code) => typeLabel(code, 3))).toEqual([
      'Power & environment (other)',
      '动力环境（其他）',
      'Energia e ambiente (outros)',
      'Napájení a prostředí (ostatní)',
    ]);
  });
});
