/**
 * Issue 31: the job registry is inside out, no import circle. The runner (scheduler.ts) imports no job,
 * only its contract (job.ts) and the queue; jobs take their type from job.ts; only the composition roots
 * (main.ts, the takeover test's child) import the runner to start it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

/** The module specifiers `file` imports. */
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^'"]*from '([^']+)'/gm)].map((m) => m[1]!);

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* sources(path);
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) yield path;
  }
}

describe('job registry', () => {
  it('has the runner import only its contract and the queue', () => {
    const local = importsOf(join(SRC, 'jobs/scheduler.ts')).filter((m) => m.startsWith('.'));
    expect(local.sort()).toEqual(['./job', './queue']);
  });

  it('has only the composition roots import the runner', () => {
    const importers = [...sources(SRC)]
      .filter((f) => importsOf(f).some((m) => /(^|\/)scheduler$/.test(m) && !m.includes('smart-charging')))
      .map((f) => relative(SRC, f))
      .sort();
    expect(importers).toEqual(['jobs/takeover-child.ts', 'main.ts']);
  });
});
