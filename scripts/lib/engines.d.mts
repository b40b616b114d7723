/** An engine the test suites need (scripts/test-engines.json). */
export interface Engine {
  name: string;
  /** Debian's package. */
  package: string;
  /** The file whose presence says it is installed; one `*` stands for any folder name. */
  binary: string;
  /** What needs it, in words. */
  for: string;
}
export function testEngines(): Engine[];
export function installed(binary: string): boolean;
export function missingEngines(): Engine[];
