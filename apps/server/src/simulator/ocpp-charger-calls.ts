/**
 * What a simulated OCPP 1.6 charger answers to the central system (issue 22 item 6), as a real single-
 * connector charger does: each call is answered at once, and what it sets off (a session starting or
 * stopping, a reboot, a status change) follows through the charger's serial queue after the answer.
 * Calls not listed here are answered NotImplemented by ocpp-rpc.
 */
import type { ChargingProfile, ClearFilter } from './charging-profiles';
import type { OcppCharger } from './ocpp-charger';

/** The charger's only connector. */
const CONNECTOR = 1;

/** Installs the handlers of the central system's calls on `c.client`. */
export function answerCentralSystem(c: OcppCharger): void {
  /** Params arrive checked against the 1.6J schema (the client's strict mode). */
  const on = <T>(method: string, fn: (params: T) => Record<string, unknown>) =>
    c.client.handle(method, async ({ params }) => fn(params as T));
  const connectorOk = (id: number | undefined) => id === undefined || id === CONNECTOR;

  on(
    'RemoteStartTransaction',
    (params: { connectorId?: number; idTag: string; chargingProfile?: ChargingProfile }) => {
      if (!connectorOk(params.connectorId) || c.busy() || !c.isOperative()) return { status: 'Rejected' };
      void c.remoteStart(params.idTag).then(() => {
        const tx = c.tx();
        if (params.chargingProfile && tx) c.profiles.set(CONNECTOR, params.chargingProfile, tx);
      });
      return { status: 'Accepted' };
    },
  );

  on('RemoteStopTransaction', (params: { transactionId: number }) => {
    if (c.tx()?.transactionId !== params.transactionId) return { status: 'Rejected' };
    void c.serial(() => c.endSession('Remote'));
    return { status: 'Accepted' };
  });

  on('UnlockConnector', (params: { connectorId: number }) => {
    if (params.connectorId !== CONNECTOR) return { status: 'NotSupported' };
    void c.serial(() => c.endSession('UnlockCommand'));
    return { status: 'Unlocked' };
  });

  on('Reset', (params: { type: 'Hard' | 'Soft' }) => {
    void c.serial(async () => {
      await c.endSession(params.type === 'Hard' ? 'HardReset' : 'SoftReset');
      await c.boot();
    });
    return { status: 'Accepted' };
  });

  on('ChangeAvailability', (params: { connectorId: number; type: string }) => {
    if (params.connectorId !== 0 && params.connectorId !== CONNECTOR) return { status: 'Rejected' };
    return { status: c.changeAvailability(params.type === 'Operative') };
  });

  on('SetChargingProfile', (params: { connectorId: number; csChargingProfiles: ChargingProfile }) => {
    if (params.connectorId > CONNECTOR) return { status: 'Rejected' };
    return { status: c.profiles.set(params.connectorId, params.csChargingProfiles, c.tx()) };
  });

  on('ClearChargingProfile', (params: ClearFilter) => ({
    status: c.profiles.clear(params),
  }));

  on(
    'GetCompositeSchedule',
    (params: { connectorId: number; duration: number; chargingRateUnit?: 'A' | 'W' }) => {
      if (params.connectorId > CONNECTOR) return { status: 'Rejected' };
      const now = Date.now();
      return {
        status: 'Accepted',
        connectorId: params.connectorId,
        scheduleStart: new Date(now).toISOString(),
        chargingSchedule: c.profiles.composite(
          now,
          params.duration,
          params.chargingRateUnit ?? 'W',
          c.ratedW,
          c.tx(),
        ),
      };
    },
  );
}
