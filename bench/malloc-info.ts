/**
 * glibc malloc's own account of a running process (Linux with gdb installed), for bench/rss.ts: gdb
 * attaches for a moment (the process pauses ≈ 1–3 s), has the process write `malloc_info()` to a
 * temporary file and detaches. It tells native memory that malloc holds but that nothing uses
 * (fragmentation: freed chunks it has not returned to the kernel) apart from memory in use.
 *
 * A diagnostic, not for every run: when gdb stops the process while its main thread is inside malloc
 * (holding the main arena's lock), the injected malloc_info() waits for that lock on the same thread and
 * the process hangs for good (seen once in about fifteen runs of bench/rss.ts, 2026-11-29).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bytes malloc holds in process `pid`. */
export interface MallocInfo {
  /** Arenas' memory obtained from the kernel (brk heap and the threads' arenas), bytes. */
  arenas: number;
  /** Of `arenas`, bytes in free chunks: held by malloc, used by nothing. */
  free: number;
  /** Chunks served by their own mmap (large allocations), all in use, bytes. */
  mmapped: number;
  /** Number of arenas. */
  arenaCount: number;
}

/** Sums the top-level totals of `malloc_info()`'s XML. */
export function parseMallocInfo(xml: string): MallocInfo {
  const tail = xml.slice(xml.lastIndexOf('</heap>'));
  const size = (re: RegExp) => Number(re.exec(tail)?.[1] ?? 0);
  return {
    arenas: size(/<system type="current" size="(\d+)"/),
    free:
      size(/<total type="fast" count="\d+" size="(\d+)"/) +
      size(/<total type="rest" count="\d+" size="(\d+)"/),
    mmapped: size(/<total type="mmap" count="\d+" size="(\d+)"/),
    arenaCount: (xml.match(/<heap nr=/g) ?? []).length,
  };
}

/** malloc's totals for `pid`, or null where gdb or glibc is missing or the attach fails. */
export function mallocInfo(pid: number): MallocInfo | null {
  const dir = mkdtempSync(join(tmpdir(), 'ems-malloc-info-'));
  const file = join(dir, 'info.xml');
  try {
    execFileSync(
      'gdb',
      [
        '-p',
        String(pid),
        '-batch',
        '-ex',
        `set $f = (void *) fopen("${file}", "w")`,
        '-ex',
        'call (int) malloc_info(0, $f)',
        '-ex',
        'call (int) fclose($f)',
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
    return parseMallocInfo(readFileSync(file, 'utf8'));
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
