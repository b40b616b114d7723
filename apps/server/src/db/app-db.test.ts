import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openAppDb } from './app-db';

describe('the embedded database the server opens (PGLITE_SHARED_BUFFERS, issue 36 §3)', () => {
  it('refuses a size PostgreSQL would not read, in the setting’s words', () => {
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS).toBe('32MB');
    for (const bad of ['64', '64 MB', '0MB', '64mb', '-1MB'])
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad })).toThrow(
        /PGLITE_SHARED_BUFFERS: a size in kB, MB or GB/,
      );
  });

  it('opens PGlite in DATA_DIR with the shared_buffers set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ems-app-db-'));
    const config = loadConfig({ DATA_DIR: join(dir, 'data'), PGLITE_SHARED_BUFFERS: '48MB' });
    const db = await openAppDb(config, () => {});
    try {
      const res = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(res.rows).toEqual([{ shared_buffers: '48MB' }]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
