/** Spec §4 request statuses as one side sees them (issue 10). */
import type { RequestState } from '@ems/contract/api/social';

/** The state of a request with `status` (1–4); `askedByCaller` turns pending into "sent". */
export function stateOf(status: number, askedByCaller: boolean): RequestState {
  if (status === 1) return askedByCaller ? 'sent' : 'pending';
  if (status === 2) return 'accepted';
  if (status === 3) return 'refused';
  return 'voided';
}

/** A timestamp column as ISO text. */
export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
