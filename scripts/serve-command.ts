/**
 * How `npm run serve` starts the server, read from package.json: the last `&&` step of its script as
 * environment, node flags and entry (decision 0016). The browser tests and bench/rss.ts start what serve
 * starts from this, so they cannot drift from it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** serve's last step: `VAR=value … node --flag … entry`. */
export interface ServeCommand {
  env: Record<string, string>;
  nodeFlags: string[];
  /** Absolute path of the entry file. */
  entry: string;
}

/** Parses serve's script. @throws Error when it does not end with a node command. */
export function serveCommand(): ServeCommand {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = pkg.scripts.serve!.split('&&').at(-1)!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [k, v] = words.shift()!.split('=') as [string, string];
    env[k] = v;
  }
  if (words.shift() !== 'node') throw new Error('the serve script does not end with a node command');
  const nodeFlags: string[] = [];
  while (words[0]?.startsWith('-')) nodeFlags.push(words.shift()!);
  return { env, nodeFlags, entry: join(root, words[0]!) };
}
