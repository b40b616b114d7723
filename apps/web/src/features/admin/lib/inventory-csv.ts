/**
 * The inventory CSV (issue 24 item 9, docs/fleet.md "Inventory"; OCPP chargers: docs/ocpp.md "Importing
 * chargers"): what a manufacturer's list looks like
 * to the console, read with papaparse and checked row by row with the contract's InventoryDeviceSchema
 * (the server checks the same), and the secrets file the import answers, written back as CSV.
 */
import { InventoryDeviceSchema } from '@ems/contract/api/admin';
import Papa from 'papaparse';
import type { z } from 'zod';
import { issueText } from '../../../shared/form/zod-rule';

/** Columns of the CSV, as its header row names them (the import call's field names). */
export const INVENTORY_COLUMNS = [
  'serialNumber',
  'commSerialNumber',
  'type',
  'model',
  'manufacturer',
  'protocol',
] as const;

/** One device of the file, as the import call takes it. */
export type InventoryDevice = z.input<typeof InventoryDeviceSchema>;

/** A row the file cannot import: its line in the file (the header is line 1), the field and why. */
export interface CsvProblem {
  line: number;
  field: string;
  message: string;
}

/**
 * Reads the CSV `text` (comma or semicolon, header row first; column names compared without case, spaces
 * or underscores, so "Serial number" and "serial_number" read as serialNumber; empty lines skipped).
 * @returns the devices and, for rows that break a rule, one problem each in `language`. A file without
 *   the two serial-number columns gives one problem on line 1.
 */
export function parseInventoryCsv(
  text: string,
  language: string,
): { devices: InventoryDevice[]; problems: CsvProblem[] } {
  const canonical = new Map(INVENTORY_COLUMNS.map((c) => [fold(c), c]));
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => canonical.get(fold(h)) ?? h.trim(),
  });
  const fields = parsed.meta.fields ?? [];
  const missing = ['serialNumber', 'commSerialNumber'].filter((c) => !fields.includes(c));
  if (missing.length) {
    return { devices: [], problems: [{ line: 1, field: missing.join(', '), message: 'columns' }] };
  }
  const devices: InventoryDevice[] = [];
  const problems: CsvProblem[] = [];
  parsed.data.forEach((row, i) => {
    const candidate = Object.fromEntries(INVENTORY_COLUMNS.map((c) => [c, (row[c] ?? '').trim()]));
    // No protocol is MQTT: a file without the column imports as it always did.
    if (!candidate.protocol) delete candidate.protocol;
    const result = InventoryDeviceSchema.safeParse(candidate);
    if (result.success) devices.push(candidate as InventoryDevice);
    else {
      const issue = result.error.issues[0]!;
      problems.push({
        line: i + 2,
        field: String(issue.path[0] ?? ''),
        message: issueText(issue, language, InventoryDeviceSchema),
      });
    }
  });
  return { devices, problems };
}

/**
 * The import's answer as CSV (serialNumber, commSerialNumber, secret), for flashing into the loggers; when
 * it holds OCPP chargers a fourth column `protocol` says which secrets are chargers' Basic-auth keys.
 */
export function secretsCsv(
  rows: readonly { serialNumber: string; commSerialNumber: string; secret: string; protocol?: string }[],
) {
  const ocpp = rows.some((r) => r.protocol === 'ocpp');
  const columns = ['serialNumber', 'commSerialNumber', 'secret', ...(ocpp ? ['protocol'] : [])];
  return Papa.unparse(
    rows.map((r) => ({
      serialNumber: r.serialNumber,
      commSerialNumber: r.commSerialNumber,
      secret: r.secret,
      protocol: r.protocol ?? 'mqtt',
    })),
    { columns },
  );
}

function fold(name: string): string {
  return name.replace(/[\s_-]/g, '').toLowerCase();
}
