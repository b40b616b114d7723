/** Reference data seeded at every start (upserts): languages and station templates. */

import type { StationTemplate } from '@ems/contract/api/dictionary';
import { LANGUAGES } from '@ems/contract/constants';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { languages, stationTemplates } from '../schema';

/**
 * Station templates keyed by id (spec §3). deviceTypes lists what a site of the template holds
 * (devices.device_type values); systemType is spec §1's kind the template belongs to.
 */
export const STATION_TEMPLATES: readonly StationTemplate[] = [
  { id: 1, templateCode: 'pv', systemType: 1, name: 'Photovoltaic', deviceTypes: ['inverter', 'meter'] },
  {
    id: 2,
    templateCode: 'storage',
    systemType: 6,
    name: 'Home energy storage',
    deviceTypes: ['inverter', 'battery', 'meter'],
  },
  { id: 3, templateCode: 'charging', systemType: 2, name: 'Charging', deviceTypes: ['charger', 'meter'] },
  { id: 4, templateCode: 'ups', systemType: 7, name: 'UPS', deviceTypes: ['ups'] },
  { id: 5, templateCode: 'pe', systemType: 3, name: 'Power & environment', deviceTypes: ['meter', 'sensor'] },
  {
    // A home battery site with a wallbox: it belongs with the storage sites (6), the charger hangs off the load.
    id: 6,
    templateCode: 'pv_storage_charging',
    systemType: 6,
    name: 'PV + storage + charging',
    deviceTypes: ['inverter', 'battery', 'meter', 'charger'],
  },
];

/** Upserts the contract's LANGUAGES (ids are stable: they are what languageId carries). */
export async function upsertLanguages(db: Db): Promise<void> {
  await db
    .insert(languages)
    .values(LANGUAGES.map((l) => ({ ...l })))
    .onConflictDoUpdate({
      target: languages.id,
      set: { languageCode: sql`excluded.language_code`, languageName: sql`excluded.language_name` },
    });
}

/** Upserts STATION_TEMPLATES by id. */
export async function upsertStationTemplates(db: Db): Promise<void> {
  await db
    .insert(stationTemplates)
    .values(STATION_TEMPLATES.map((t) => ({ ...t, deviceTypes: [...t.deviceTypes] })))
    .onConflictDoUpdate({
      target: stationTemplates.id,
      set: {
        templateCode: sql`excluded.template_code`,
        systemType: sql`excluded.system_type`,
        name: sql`excluded.name`,
        deviceTypes: sql`excluded.device_types`,
      },
    });
}
