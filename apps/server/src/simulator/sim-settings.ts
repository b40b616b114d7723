/**
 * The simulated devices' side of remote settings (issue 21 item 4; docs/device-protocol.md §7 "What a
 * logger must do"): each command is checked, applied at most once per id, and answered; the values and the
 * recent answers are kept in settings ('simulator_params', `{[sn]: {params, answers}}`), written before
 * the answer goes out, so they survive a restart of the simulator and a command the platform sends again
 * after one is answered again, not applied again.
 *
 * A command is answered failed, with the reason, when it does not parse (an unknown parameter named),
 * is past its expiresAt ("expired"), names a parameter the device's model lacks (inverter-capabilities.ts),
 * or leaves the device's values breaking a rule of spec §5. Otherwise all of it is applied.
 */
import {
  type CommandAck,
  type CommandMessage,
  CommandMessageSchema,
} from '@ems/contract/api/device-commands';
import {
  type DeviceParams,
  type DeviceParamsPatch,
  DeviceParamsSchema,
  PARAM_DEFAULTS,
  type ParamKey,
} from '@ems/contract/api/device-params';
import type { DbHandle } from '../db/client';
import type { DeviceSpec } from './catalog';
import type { FleetSite } from './fleet-store';
import { readSetting, writeSetting } from './fleet-store';
import { type Capabilities, capabilitiesOf } from './inverter-capabilities';

/** Settings key of the simulated devices' parameters and answers. */
export const SIM_PARAMS_KEY = 'simulator_params';
/** Answers kept per device (§7: the last 100 ids are plenty). */
const KEPT_ANSWERS = 100;
const REASON_MAX = 200;

/** An answer as stored and sent (without its time). */
type Answer = Omit<CommandAck, 'ts'>;

/** What the simulator keeps of one device. */
interface DeviceState {
  /** The values set through commands (the others are the defaults). */
  params: DeviceParamsPatch;
  /** The last answers, oldest first. */
  answers: Answer[];
}

type Stored = Record<string, DeviceState>;

const clip = (text: string) => (text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text);

/** Why a command that does not parse is refused (names unknown parameters). */
function parseReason(error: {
  issues: { code: string; path: PropertyKey[]; message: string; keys?: string[] }[];
}) {
  const issue = error.issues[0];
  if (!issue) return 'invalid command';
  if (issue.code === 'unrecognized_keys') return `unknown parameter: ${(issue.keys ?? []).join(', ')}`;
  return `invalid command: ${issue.path.join('.') || 'payload'} ${issue.message}`;
}

/** The simulated fleet's parameters and command answers. */
export class SimSettings {
  private readonly devices = new Map<string, { spec: DeviceSpec; caps: Capabilities }>();
  /** Commands are handled one after the other (each writes the whole setting). */
  private chain: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: DbHandle,
    private readonly stored: Stored,
    sites: readonly FleetSite[],
  ) {
    for (const site of sites) {
      for (const d of site.spec.devices) this.devices.set(d.sn, { spec: d, caps: capabilitiesOf(d) });
    }
  }

  /** Reads what the simulator kept for `sites`' devices. */
  static async load(db: DbHandle, sites: readonly FleetSite[]): Promise<SimSettings> {
    return new SimSettings(db, (await readSetting<Stored>(db, SIM_PARAMS_KEY)) ?? {}, sites);
  }

  /** Every parameter of device `sn` (defaults where never set; the ones it lacks stay default). */
  paramsOf(sn: string): DeviceParams {
    return { ...PARAM_DEFAULTS, ...this.stored[sn]?.params };
  }

  /**
   * Handles one message of `sn`'s command topic.
   * @param onApplied called with the device's new values once a command is applied (not on a repeat).
   * @returns the answer to publish on command/ack, or null when the message names no id to answer.
   */
  handle(
    sn: string,
    payload: Buffer,
    onApplied: (params: DeviceParams) => void,
    now = Date.now(),
  ): Promise<CommandAck | null> {
    const run = this.chain.then(() => this.decide(sn, payload, onApplied, now));
    this.chain = run.catch(() => {});
    return run;
  }

  private async decide(
    sn: string,
    payload: Buffer,
    onApplied: (params: DeviceParams) => void,
    now: number,
  ): Promise<CommandAck | null> {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return null;
    }
    const rawId = (body as { id?: unknown } | null)?.id;
    if (typeof rawId !== 'string' || rawId.length === 0 || rawId.length > 64) return null;
    this.stored[sn] ??= { params: {}, answers: [] };
    const state = this.stored[sn];
    const known = state.answers.find((a) => a.id === rawId);
    if (known) return { ...known, ts: now };

    const parsed = CommandMessageSchema.safeParse(body);
    const answer: Answer = parsed.success
      ? this.check(sn, parsed.data, now)
      : { id: rawId, status: 'failed', reason: clip(parseReason(parsed.error)) };
    if (answer.status === 'applied' && parsed.success) Object.assign(state.params, parsed.data.params);
    state.answers = [...state.answers, answer].slice(-KEPT_ANSWERS);
    // Kept before the answer goes out: what the device says it applied survives a restart.
    await writeSetting(this.db, SIM_PARAMS_KEY, this.stored);
    if (answer.status === 'applied') onApplied(this.paramsOf(sn));
    return { ...answer, ts: now };
  }

  /** The answer to a well-formed command (§7 items 3 and 4). */
  private check(sn: string, command: CommandMessage, now: number): Answer {
    const { id, params } = command;
    if (now > command.expiresAt) return { id, status: 'failed', reason: 'expired' };
    const device = this.devices.get(sn);
    if (!device) return { id, status: 'failed', reason: 'unknown device' };
    const lacking = (Object.keys(params) as ParamKey[])
      .filter((key) => device.caps.lacks[key] !== undefined)
      .map((key) => `${key}: ${device.caps.lacks[key]}`);
    if (lacking.length > 0) {
      return { id, status: 'failed', reason: clip(`${device.spec.product.model}: ${lacking.join('; ')}`) };
    }
    const result = DeviceParamsSchema.safeParse({ ...this.paramsOf(sn), ...params });
    if (!result.success) {
      const issue = result.error.issues[0]!;
      return { id, status: 'failed', reason: clip(`${issue.path.join('.')}: ${issue.message}`) };
    }
    return { id, status: 'applied' };
  }
}
