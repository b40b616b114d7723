/** Site form values: what the form holds and how it maps to and from the API (contract StationFields). */
import type { StationFieldsSchema } from '@ems/contract/api/fleet';
import type { StationBaseInfo } from '@ems/contract/api/station';
import type { SystemType } from '@ems/contract/constants';
import type { z } from 'zod';

/** The form's fields, in the order the form shows them (also the fields a server refusal may name). */
export const SITE_FIELDS = [
  'stationName',
  'systemType',
  'templateCode',
  'capacity',
  'address',
  'longitude',
  'latitude',
  'timeZone',
  'currency',
  'country',
  'areaCode',
  'groupId',
] as const;

/** Values of the site form: the contract's site fields as sent (before the schema's transforms). */
export type SiteFormValues = z.input<typeof StationFieldsSchema>;

/** Blank form for a new site of `systemType`, in the browser's time zone, under `groupId`. */
export function newSiteValues(systemType: SystemType, groupId?: number): Partial<SiteFormValues> {
  return {
    systemType,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    currency: 'EUR',
    ...(groupId === undefined ? {} : { groupId }),
  };
}

/** The form values of an existing site. */
export function siteValues(info: StationBaseInfo): SiteFormValues {
  return {
    stationName: info.stationName,
    systemType: info.systemType,
    templateCode: info.templateCode,
    capacity: info.capacity,
    address: info.address,
    longitude: info.longitude,
    latitude: info.latitude,
    timeZone: info.timeZone,
    currency: info.currency,
    country: info.country || null,
    areaCode: info.areaCode,
    groupId: info.groupId,
  };
}
