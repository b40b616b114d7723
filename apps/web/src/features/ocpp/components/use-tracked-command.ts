import type { ChargerCommandRow } from '@ems/contract/api/ocpp-charger';
import { useChargerCommands } from '../api/charger-api';

/** Rows of a charger's first history page: the live view of its newest commands. */
export const HISTORY_PAGE_SIZE = 10;

/**
 * The newest state of command `sent` (the row charger/command answered) of charger `deviceId`: read from
 * the first page of its history, which is polled every 2 s while a command there is queued or sent.
 * Also returns that page's query, whose rows the charger item watches.
 */
export function useTrackedCommand(stationId: number, deviceId: number, sent: ChargerCommandRow | null) {
  const firstPage = useChargerCommands(stationId, deviceId, 1, HISTORY_PAGE_SIZE);
  const live = sent ? (firstPage.data?.rows.find((r) => r.id === sent.id) ?? sent) : null;
  return { command: live, firstPage };
}
