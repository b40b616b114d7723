/**
 * One simulated OCPP 1.6J charger (issue 22 item 6, docs/ocpp.md "Demo chargers"): an ocpp-rpc RPCClient
 * (strict 1.6J schemas both ways) connected to the platform's own central system as a real charger is.
 * It boots, sends a Heartbeat at the interval the platform tells it, reports its connector's status, and
 * replays the measured Norwegian sessions (norway-sessions.ts): Authorize, StartTransaction at the
 * session's local plug-in time, MeterValues every `meterS` simulated seconds with the energy register and
 * the power, StopTransaction at plug-out with the session's energy. Its answers to the central system's
 * calls are in ocpp-charger-calls.ts.
 *
 * Time: `timeScale` simulated seconds pass per real second (1 = real time). Sessions start at their local
 * time of day on the simulated clock; every message carries the real time, so telemetry never lies in the
 * future. All state changes run one after the other (`serial`), so a remote command never interleaves a tick.
 */
import type { FastifyBaseLogger } from 'fastify';
import { RPCClient } from 'ocpp-rpc';
import type { ChargerParams } from './charger-model';
import { ChargingProfiles, type TxInfo } from './charging-profiles';
import type { LocalTime } from './local-clock';
import { type ReplayedSession, remoteSession, sessionStartingIn } from './norway-sessions';
import { answerCentralSystem } from './ocpp-charger-calls';

/** How a simulated charger is set up. */
export interface OcppChargerOptions {
  /** The central system, `ws://host:port/ocpp` (the identity is appended). */
  url: string;
  identity: string;
  key: string;
  /** Id tag its own (planned) sessions authorise with: one of its site's. */
  idTag: string;
  params: ChargerParams;
  clock: (tMs: number) => LocalTime;
  timeScale: number;
  meterS: number;
  /** Energy register (Wh) at start: kept across restarts so the counter never goes back. */
  registerWh: number;
  log: FastifyBaseLogger;
  /** Called after every StopTransaction (the register is saved then). */
  onSessionEnd?: (done: FinishedSession, registerWh: number) => void;
}

/** A session the charger has stopped. */
export interface FinishedSession {
  transactionId: number;
  idTag: string;
  /** meterStop − meterStart, Wh. */
  wh: number;
  /** The replayed session's energy, Wh. */
  plannedWh: number;
  reason: string;
}

/** OCPP 1.6 ChargePointStatus values the simulator uses. */
type Status = 'Available' | 'Preparing' | 'Charging' | 'SuspendedEV' | 'SuspendedEVSE' | 'Unavailable';

interface Session {
  idTag: string;
  plan: ReplayedSession;
  plugUntilMs: number;
  meterStart: number;
  deliveredWh: number;
  transactionId: number | null;
  startRealMs: number;
}

/** Shortest real time between two steps (ms), whatever the time scale. */
const MIN_STEP_MS = 100;
const CONNECTOR = 1;

/** A simulated charger; `start()` connects it. */
export class OcppCharger {
  readonly client: RPCClient;
  readonly profiles = new ChargingProfiles();
  readonly finished: FinishedSession[] = [];
  meterValuesSent = 0;
  private session: Session | null = null;
  private registerWh: number;
  private operative = true;
  private status: Status | null = null;
  private remoteStarts = 0;
  private realStart = 0;
  private lastSimMs = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  private stepTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: OcppChargerOptions) {
    this.registerWh = o.registerWh;
    this.client = new RPCClient({
      endpoint: o.url,
      identity: o.identity,
      password: o.key,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: true,
      callTimeoutMs: 30_000,
    } as never);
    answerCentralSystem(this);
  }

  get identity(): string {
    return this.o.identity;
  }

  /** The rated power (W). */
  get ratedW(): number {
    return this.o.params.ratedW;
  }

  /** The running transaction, for the profiles and the calls. */
  tx(): TxInfo | null {
    const s = this.session;
    return s?.transactionId != null ? { transactionId: s.transactionId, startMs: s.startRealMs } : null;
  }

  /** True when a car is plugged in (a session runs or starts). */
  busy(): boolean {
    return this.session !== null;
  }

  /** True unless ChangeAvailability made it Inoperative. */
  isOperative(): boolean {
    return this.operative;
  }

  /** Runs `fn` after every state change queued before it. */
  serial(fn: () => Promise<void>): Promise<void> {
    const run = this.chain.then(fn);
    this.chain = run.catch((err: unknown) =>
      this.o.log.warn({ err, identity: this.o.identity }, 'OCPP charger step failed'),
    );
    return run;
  }

  /** Connects, boots, reports its status and starts the clock. */
  async start(): Promise<void> {
    await this.client.connect();
    await this.boot();
    this.realStart = Date.now();
    this.lastSimMs = this.realStart;
    const stepMs = Math.max(MIN_STEP_MS, (this.o.meterS * 1000) / this.o.timeScale);
    const next = () => {
      if (this.stopped) return;
      this.stepTimer = setTimeout(() => void this.serial(() => this.step()).finally(next), stepMs);
    };
    next();
  }

  /** BootNotification, then a Heartbeat every interval it is told, and its connectors' status. */
  async boot(): Promise<void> {
    const conf = (await this.client.call('BootNotification', {
      chargePointVendor: 'EMS demo',
      chargePointModel: 'Norway replay AC',
      chargePointSerialNumber: this.o.identity,
      firmwareVersion: '1.6.0',
    })) as { status: string; interval: number };
    if (this.heartbeat) clearInterval(this.heartbeat);
    const everyS = conf.interval > 0 ? conf.interval : 60;
    this.heartbeat = setInterval(() => {
      this.client.call('Heartbeat', {}).catch(() => undefined); // offline: the next one tries again
    }, everyS * 1000);
    this.status = null;
    await this.notify(0, this.operative ? 'Available' : 'Unavailable');
    await this.setStatus(this.session ? 'Charging' : this.operative ? 'Available' : 'Unavailable');
  }

  private simAt(realMs: number): number {
    return this.realStart + (realMs - this.realStart) * this.o.timeScale;
  }

  /** One step of the simulated clock: plug-out, a planned plug-in, charging and its MeterValues. */
  private async step(): Promise<void> {
    const now = Date.now();
    const from = this.lastSimMs;
    const to = this.simAt(now);
    this.lastSimMs = to;
    const s = this.session;
    if (s) {
      // Charges up to the plug-out, so a session shorter than a step still delivers its energy.
      if (s.transactionId !== null)
        await this.charge(s, Math.max(0, Math.min(to, s.plugUntilMs) - from) / 1000, now);
      if (to >= s.plugUntilMs) await this.endSession('EVDisconnected');
      return;
    }
    if (!this.operative) return;
    const plan = sessionStartingIn(this.o.params, this.o.clock, from, to);
    if (plan) await this.beginSession(this.o.idTag, plan, to, true);
  }

  /** Plug-in: Preparing, Authorize (unless remote), StartTransaction. A refused tag ends it. */
  async beginSession(idTag: string, plan: ReplayedSession, simMs: number, authorize: boolean): Promise<void> {
    if (this.session || !this.operative) return;
    const meterStart = Math.round(this.registerWh);
    this.registerWh = meterStart;
    const s: Session = {
      idTag,
      plan,
      plugUntilMs: simMs + plan.plugMin * 60_000,
      meterStart,
      deliveredWh: 0,
      transactionId: null,
      startRealMs: Date.now(),
    };
    this.session = s;
    await this.setStatus('Preparing');
    try {
      if (authorize) {
        const auth = (await this.client.call('Authorize', { idTag })) as { idTagInfo: { status: string } };
        if (auth.idTagInfo.status !== 'Accepted') return await this.endSession('DeAuthorized');
      }
      const conf = (await this.client.call('StartTransaction', {
        connectorId: CONNECTOR,
        idTag,
        meterStart,
        timestamp: new Date(s.startRealMs).toISOString(),
      })) as { transactionId: number; idTagInfo: { status: string } };
      s.transactionId = conf.transactionId;
      if (conf.idTagInfo.status !== 'Accepted') return await this.endSession('DeAuthorized');
      await this.setStatus('Charging');
    } catch (err) {
      if (s.transactionId === null) this.session = null;
      await this.setStatus('Available');
      throw err;
    }
  }

  /** A remote start (RemoteStartTransaction accepted): a recorded session with the given tag, now. */
  remoteStart(idTag: string): Promise<void> {
    const n = this.remoteStarts++;
    return this.serial(async () => {
      const simNow = this.simAt(Date.now());
      await this.beginSession(idTag, remoteSession(this.o.params, n, simNow), simNow, false);
    });
  }

  /**
   * What the car draws at `now` (W): its session's power within the rating and the charging profiles'
   * limit (a limit in A × phases × 230 V), from the instant a profile arrives; 0 without a transaction
   * or once the session's energy is delivered.
   */
  drawW(now = Date.now()): number {
    const s = this.session;
    if (!s || s.transactionId === null || s.deliveredWh >= s.plan.wh) return 0;
    return Math.max(0, Math.min(s.plan.powerW, this.ratedW, this.profiles.limitW(now, this.tx())));
  }

  /** Charges for `dtS` simulated seconds, capped by the charging profiles, and sends MeterValues. */
  private async charge(s: Session, dtS: number, now: number): Promise<void> {
    const w = this.drawW(now);
    const addWh = dtS > 0 ? Math.min((w * dtS) / 3600, s.plan.wh - s.deliveredWh) : 0;
    s.deliveredWh += addWh;
    this.registerWh += addWh;
    const avgW = dtS > 0 ? (addWh * 3600) / dtS : 0;
    await this.setStatus(s.deliveredWh >= s.plan.wh ? 'SuspendedEV' : w > 0 ? 'Charging' : 'SuspendedEVSE');
    await this.client.call('MeterValues', {
      connectorId: CONNECTOR,
      transactionId: s.transactionId ?? undefined,
      meterValue: [
        {
          timestamp: new Date(now).toISOString(),
          sampledValue: [
            {
              value: String(Math.round(this.registerWh)),
              context: 'Sample.Periodic',
              measurand: 'Energy.Active.Import.Register',
              unit: 'Wh',
            },
            {
              value: String(Math.round(avgW)),
              context: 'Sample.Periodic',
              measurand: 'Power.Active.Import',
              unit: 'W',
            },
          ],
        },
      ],
    });
    this.meterValuesSent++;
  }

  /** StopTransaction with the energy delivered, then Available (or Unavailable when made Inoperative). */
  async endSession(reason: string): Promise<void> {
    const s = this.session;
    if (!s) return;
    this.session = null;
    this.registerWh = Math.round(this.registerWh);
    if (s.transactionId !== null) {
      await this.client.call('StopTransaction', {
        transactionId: s.transactionId,
        idTag: s.idTag,
        meterStop: this.registerWh,
        timestamp: new Date().toISOString(),
        reason,
      });
      const done = {
        transactionId: s.transactionId,
        idTag: s.idTag,
        wh: this.registerWh - s.meterStart,
        plannedWh: s.plan.wh,
        reason,
      };
      this.finished.push(done);
      this.o.onSessionEnd?.(done, this.registerWh);
    }
    this.profiles.endTransaction();
    await this.setStatus(this.operative ? 'Available' : 'Unavailable');
  }

  /** ChangeAvailability: Inoperative waits for a running session to end ('Scheduled'). */
  changeAvailability(operative: boolean): 'Accepted' | 'Scheduled' {
    this.operative = operative;
    const answer = !operative && this.session ? 'Scheduled' : 'Accepted';
    void this.serial(async () => {
      if (!this.session) await this.setStatus(operative ? 'Available' : 'Unavailable');
      await this.notify(0, operative ? 'Available' : 'Unavailable');
    });
    return answer;
  }

  private async setStatus(status: Status): Promise<void> {
    if (status === this.status) return;
    this.status = status;
    await this.notify(CONNECTOR, status);
  }

  private async notify(connectorId: number, status: Status): Promise<void> {
    await this.client.call('StatusNotification', {
      connectorId,
      errorCode: 'NoError',
      status,
      timestamp: new Date().toISOString(),
    });
  }

  /** Stops the clock; a running session is stopped (reason Reboot) before the connection closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.stepTimer) clearTimeout(this.stepTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.serial(() => this.endSession('Reboot')).catch(() => undefined);
    await this.client.close({ force: true }).catch(() => undefined);
  }
}
