/**
 * Remote settings (device-protocol.md §7) written to SunSpec registers and checked by reading them back;
 * which parameter goes to which register is write-plan.ts. A parameter the device cannot take fails the
 * whole command as "not supported", naming it, and nothing is written.
 */
import { encodePoint, scaleFactorOf } from './decode';
import { modelDef } from './models';
import { gatewayTopics, type PlatformLink } from './platform-link';
import type { FoundDevice } from './poller';
import { type DeviceReading, readModel } from './reader';
import { chargeMaxW, type Ratings, ratedPowerW, type Write, writesFor } from './write-plan';

/** The answer of a command: applied, or failed with a reason shown to the user. */
export type CommandAnswer = { status: 'applied' } | { status: 'failed'; reason: string };

/**
 * Reads now the models stating what `params`' percentages are of (rated power 120, 121, 702 for the export
 * limit; 124 `WChaMax` for the battery rates): a setting changed since the last poll counts.
 */
async function ratingsNow(d: FoundDevice, params: Record<string, unknown>): Promise<Ratings> {
  const ids = [
    ...('exportLimitW' in params ? [120, 121, 702] : []),
    ...('chargePowerMaxW' in params || 'dischargePowerMaxW' in params ? [124] : []),
  ];
  const reading: DeviceReading = new Map();
  for (const loc of d.map.models.filter((m) => ids.includes(m.id))) {
    const r = await readModel(d.link, d.map.unitId, loc);
    if (r) reading.set(loc.id, r);
  }
  return { ratedW: ratedPowerW(reading), chargeMaxW: chargeMaxW(reading) };
}

const round = (v: number) => Number(v.toPrecision(6));

/**
 * Applies `params` to device `d`: every write is planned first (all or none), written, then read back;
 * applied only when every read-back equals the value asked within half the point's scale-factor step
 * (20.04 % written at 0.1 % steps reads back as 20 and is what was asked).
 */
export async function applyParams(d: FoundDevice, params: Record<string, unknown>): Promise<CommandAnswer> {
  const ratings = await ratingsNow(d, params);
  const writes: Write[] = [];
  const unsupported: string[] = [];
  for (const [param, value] of Object.entries(params)) {
    const w = writesFor(d, param, value, ratings);
    if (w) writes.push(...w);
    else unsupported.push(param);
  }
  if (unsupported.length > 0)
    return { status: 'failed', reason: `not supported: ${unsupported.join(', ')}`.slice(0, 200) };
  for (const w of writes) {
    const loc = d.map.models.find((m) => m.id === w.model)!;
    const block = await readModel(d.link, d.map.unitId, loc);
    if (!block) return { status: 'failed', reason: `model ${w.model} unreadable` };
    if (w.setBits !== undefined) {
      const had = block.points[w.point];
      w.value = (typeof had === 'number' ? had : 0) | w.setBits;
    }
    const { offset, words } = encodePoint(modelDef(w.model)!, block.regs, w.point, w.value);
    await d.link.write(d.map.unitId, loc.address + offset, words);
  }
  for (const w of writes) {
    const loc = d.map.models.find((m) => m.id === w.model)!;
    const def = modelDef(w.model)!;
    const back = await readModel(d.link, d.map.unitId, loc);
    const got = back?.points[w.point];
    const sf = back && scaleFactorOf(def, def.points.find((p) => p.name === w.point)!, back.regs);
    const halfStep = sf === undefined ? 0 : 10 ** sf / 2;
    const kept =
      w.setBits !== undefined
        ? typeof got === 'number' && (got & w.setBits) === w.setBits
        : typeof got === 'number' && Math.abs(got - w.value) <= halfStep + 1e-9;
    if (!kept) {
      const shown = typeof got === 'number' ? round(got / w.perParamUnit) : String(got);
      return {
        status: 'failed',
        reason: `${w.param}: read back ${shown} instead of ${round(w.value / w.perParamUnit)}`,
      };
    }
  }
  for (const w of writes)
    if (w.reportedAs)
      d.applied = { ...d.applied, [w.reportedAs]: { w: params[w.param] as number, pct: w.value } };
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
