/** The /svgs page lists every icon the app uses: the registry equals the icons the source imports. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANT_ICONS, matchesIcon } from './icon-set';

const SRC = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

function importedIcons(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    if (file.endsWith('icon-set.ts')) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@ant-design\/icons'/g)) {
      for (const name of m[1]!.split(',').map((n) => n.trim())) if (name) names.add(name);
    }
  }
  return names;
}

describe('icon set of /svgs', () => {
  it('holds every icon the source imports', () => {
    const listed = new Set(ANT_ICONS.map((i) => i.name));
    expect([...importedIcons()].filter((n) => !listed.has(n))).toEqual([]);
  });

  it('holds no icon the source does not use', () => {
    const used = importedIcons();
    expect(ANT_ICONS.map((i) => i.name).filter((n) => !used.has(n))).toEqual([]);
  });

  it('searches names case-insensitively', () => {
    expect(matchesIcon('UserOutlined', 'user')).toBe(true);
    expect(matchesIcon('UserOutlined', 'bell')).toBe(false);
    expect(matchesIcon('UserOutlined', '  ')).toBe(true);
  });
});
