/**
 * The time zones a user may choose (dictionary sys_timezone, spec §3), kept in session storage (spec §3
 * "session storage caches time zone"; shared/domain/reference-queries.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { dictionaryQueryOptions } from '../../../shared/domain/reference-queries';

/** Time zones: the session's stored list, else one read. */
export function timeZonesQueryOptions() {
  return dictionaryQueryOptions('sys_timezone');
}

/** The time zone items. */
export function useTimeZones() {
  return useQuery(timeZonesQueryOptions());
}
