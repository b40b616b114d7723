/**
 * How the chargers card shows OCPP states: a colour per connector status (OCPP 1.6 ChargePointStatus)
 * and per command state (contract CHARGER_COMMAND_STATES), and which commands are still on their way.
 */
import {
  CHARGER_FINAL_STATES,
  type ChargerCommandRow,
  type ChargerCommandState,
} from '@ems/contract/api/ocpp-charger';

/** antd Tag colours of the connector statuses: free green, busy blue, paused gold, out of order red/grey. */
const CONNECTOR_COLOR: Record<string, string> = {
  Available: 'green',
  Preparing: 'cyan',
  Charging: 'blue',
  SuspendedEV: 'gold',
  SuspendedEVSE: 'gold',
  Finishing: 'purple',
  Reserved: 'geekblue',
  Unavailable: 'default',
  Faulted: 'red',
};

/** The Tag colour of connector status `status`; grey for one OCPP does not name. */
export function connectorColor(status: string): string {
  return CONNECTOR_COLOR[status] ?? 'default';
}

/** antd Tag colours of the command states: waiting blue, the charger's yes green, its no or a lapse red/orange. */
const STATE_COLOR: Record<ChargerCommandState, string> = {
  queued: 'default',
  sent: 'processing',
  accepted: 'success',
  rejected: 'error',
  timedOut: 'warning',
  failed: 'error',
};

/** The Tag colour of command state `state`. */
export function commandStateColor(state: ChargerCommandState): string {
  return STATE_COLOR[state];
}

/** Whether a command still waits for its charger (queued or sent). */
export function isPending(state: ChargerCommandState): boolean {
  return !CHARGER_FINAL_STATES.includes(state);
}

/** Whether any of `rows` still waits for its charger. */
export function anyPending(rows: readonly Pick<ChargerCommandRow, 'state'>[]): boolean {
  return rows.some((r) => isPending(r.state));
}
