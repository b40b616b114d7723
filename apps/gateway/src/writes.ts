/**
 * Remote settings (device-protocol.md §7) written to SunSpec registers and checked by reading them back.
 * The platform's parameters a SunSpec device can take:
 * - `socLowerOnGrid` (%) → model 802 `SoCRsvMin`, else model 124 `MinRsvPct`;
 * - `chargeMode` (`pvOnly` | `pvAndGrid`) → model 124 `ChaGriSet` (0 PV, 1 GRID).
 * Any other parameter, or one whose model the device lacks, fails the whole command as "not supported".
 */
import { encodePoint } from './decode';
import { modelDef } from './models';
import { gatewayTopics, type PlatformLink } from './platform-link';
import type { FoundDevice } from './poller';
import { readModel } from './reader';

/** One register write: model, point and value in the point's units. */
interface Write {
  param: string;
  model: number;
  point: string;
  value: number;
}

const CHARGE_MODE = { pvOnly: 0, pvAndGrid: 1 } as const;

/** The write of parameter `param` = `value` on device `d`, or undefined when the device cannot take it. */
export function writeFor(d: FoundDevice, param: string, value: unknown): Write | undefined {
  const has = (model: number, point: string) =>
    d.map.models.some((m) => m.id === model) &&
    modelDef(model)?.points.some((p) => p.name === point && p.access === 'RW');
  if (param === 'socLowerOnGrid' && typeof value === 'number') {
    if (has(802, 'SoCRsvMin')) return { param, model: 802, point: 'SoCRsvMin', value };
    if (has(124, 'MinRsvPct')) return { param, model: 124, point: 'MinRsvPct', value };
  }
  if (param === 'chargeMode' && (value === 'pvOnly' || value === 'pvAndGrid') && has(124, 'ChaGriSet')) {
    return { param, model: 124, point: 'ChaGriSet', value: CHARGE_MODE[value] };
  }
  return undefined;
}

/** The answer of a command: applied, or failed with a reason shown to the user. */
export type CommandAnswer = { status: 'applied' } | { status: 'failed'; reason: string };

/**
 * Applies `params` to device `d`: every write is planned first (all or none), written, then read back;
 * applied only when every read-back equals the value asked (within the point's scale step).
 */
export async function applyParams(d: FoundDevice, params: Record<string, unknown>): Promise<CommandAnswer> {
  const writes: Write[] = [];
  const unsupported: string[] = [];
  for (const [param, value] of Object.entries(params)) {
    const w = writeFor(d, param, value);
    if (w) writes.push(w);
    else unsupported.push(param);
  }
  if (unsupported.length > 0)
    return { status: 'failed', reason: `not supported: ${unsupported.join(', ')}`.slice(0, 200) };
  for (const w of writes) {
    const loc = d.map.models.find((m) => m.id === w.model)!;
    const def = modelDef(w.model)!;
    const block = await readModel(d.link, d.map.unitId, loc);
    if (!block) return { status: 'failed', reason: `model ${w.model} unreadable` };
    const { offset, words } = encodePoint(def, block.regs, w.point, w.value);
    await d.link.write(d.map.unitId, loc.address + offset, words);
  }
  for (const w of writes) {
    const loc = d.map.models.find((m) => m.id === w.model)!;
    const back = await readModel(d.link, d.map.unitId, loc);
    const got = back?.points[w.point];
    // Half the point's resolution: 20.04 % written at 0.1 % steps reads back as 20 and is what was asked.
    if (typeof got !== 'number' || Math.abs(got - w.value) > 0.05 + 1e-9) {
      return { status: 'failed', reason: `${w.param}: read back ${String(got)} instead of ${w.value}` };
    }
  }
  return { status: 'applied' };
}

/** Answers already given, by command id: a resent id is answered again, never applied twice. */
const answered = new Map<string, CommandAnswer>();
const ANSWERS_KEPT = 100;

/**
 * Handles a command for device `sn` (payload of device-protocol.md §7) and publishes its answer on the
 * device's command/ack topic. A malformed command or an unknown device is ignored.
 */
export async function handleCommand(
  devices: FoundDevice[],
  sn: string,
  payload: Buffer,
  link: PlatformLink,
  log: (msg: string) => void,
): Promise<void> {
  let cmd: { id?: unknown; type?: unknown; params?: unknown; expiresAt?: unknown };
  try {
    cmd = JSON.parse(payload.toString('utf8'));
  } catch {
    return;
  }
  const d = devices.find((x) => x.identity.serialNumber === sn);
  if (!d || typeof cmd.id !== 'string') return;
  let answer = answered.get(cmd.id);
  if (!answer) {
    if (typeof cmd.expiresAt === 'number' && Date.now() > cmd.expiresAt)
      answer = { status: 'failed', reason: 'expired' };
    else if (cmd.type !== 'setParams' || typeof cmd.params !== 'object' || cmd.params === null)
      answer = { status: 'failed', reason: `not supported: ${String(cmd.type)}` };
    else
      answer = await applyParams(d, cmd.params as Record<string, unknown>).catch((err: unknown) => ({
        status: 'failed' as const,
        reason: `write failed: ${String(err)}`.slice(0, 200),
      }));
    answered.set(cmd.id, answer);
    if (answered.size > ANSWERS_KEPT) answered.delete(answered.keys().next().value as string);
  }
  log(`command ${cmd.id} for ${sn}: ${answer.status}`);
  await link.publish(gatewayTopics.commandAck(sn), JSON.stringify({ id: cmd.id, ...answer, ts: Date.now() }));
}
