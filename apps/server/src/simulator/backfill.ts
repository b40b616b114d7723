/**
 * Backfill: the fleet's history [from, to) at 5-minute resolution, the newest day first, published like a logger replaying its
 * buffer — `{samples:[…]}` messages (≤ 1000 samples) on each device's own telemetry topic, QoS 1, through
 * the broker and the ingest like live data. One simulated day of a few sites at a time (SITES_PER_CHUNK:
 * the whole fleet's day at once held ≈ 25 k samples and their JSON in the heap, raising the V8 heap the
 * server keeps afterwards; issue 12 §4); every message waits for its PUBACK (a few in flight), and the loop
 * yields between chunks and keeps below a sample rate, so the API stays responsive while history fills in.
 * Past faults (issue 20 §9) come from the same models and fault model: each cleared occurrence is handed
 * to `onFaults` with its chunk, to be written as history (never pushed).
 * Logs progress every 10 %.
 */
import { DEVICE_LIMITS, topics } from '@ems/contract/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceLinks } from './device-links';
import { siteSamples } from './device-points';
import { FaultHistory, type PastFault } from './fault-history';
import { yieldToEventLoop } from './fleet-models';
import { SiteModel, type SiteSnapshot } from './site-model';
import { stopRace } from './stop-race';

/** Backfill resolution, ms. */
export const BACKFILL_STEP_MS = 300_000;
const DAY_MS = 86_400_000;
const IN_FLIGHT = 8;
/** Sites whose day is built and published together: enough messages to keep IN_FLIGHT busy. */
const SITES_PER_CHUNK = 4;
/** Upper bound of the backfill's pace, samples per second (leaves the process room for the API). */
const MAX_SAMPLES_PER_S = 10_000;

/** Options of runBackfill. */
export interface BackfillOptions {
  models: SiteModel[];
  links: DeviceLinks;
  from: number;
  to: number;
  log: FastifyBaseLogger;
  stopped: () => boolean;
  /** Resolves when the simulator stops: ends a wait for a PUBACK (e.g. while the broker is away). */
  stopSignal: Promise<void>;
  /** Writes the faults that cleared within a published chunk (after its samples). */
  onFaults?: (faults: PastFault[]) => Promise<void>;
}

/**
 * Publishes the history, the newest day first; resolves with the number of samples sent (early when
 * stopped). Newest first (issue 34 item 9): at every moment what a device has stored is one stretch
 * ending where its live data begins, so no counter difference bridges history still to come. Published
 * oldest first, "today" was the counter now minus the last reading replayed so far (days ago), and read
 * 44 kWh instead of 24 until the backfill reached yesterday. The models only step forward: a first pass
 * keeps each day's starting state (and the faults, whose history needs time order), the second publishes
 * from those states backwards.
 */
export async function runBackfill(opts: BackfillOptions): Promise<number> {
  const { models, links, log, stopped } = opts;
  const untilStop = stopRace(opts.stopSignal);
  const first = Math.ceil(opts.from / BACKFILL_STEP_MS) * BACKFILL_STEP_MS;
  if (first >= opts.to) return 0;
  const days = Math.ceil((opts.to - first) / DAY_MS);
  const span = (day: number) => ({
    dayStart: first + day * DAY_MS,
    dayEnd: Math.min(opts.to, first + (day + 1) * DAY_MS),
  });
  const starts: SiteSnapshot[][] = [];
  const faultsOf: PastFault[][] = [];
  const history = new FaultHistory();
  for (let day = 0; day < days && !stopped(); day++) {
    const { dayStart, dayEnd } = span(day);
    const faults: PastFault[] = [];
    starts.push(
      models.map((model) => {
        model.advanceTo(dayStart);
        const snapshot = model.snapshot();
        for (let t = dayStart; t < dayEnd; t += BACKFILL_STEP_MS) {
          model.advanceTo(t);
          faults.push(...history.observe(model, t));
        }
        return snapshot;
      }),
    );
    faultsOf.push(faults);
    await yieldToEventLoop();
  }

  const started = Date.now();
  let sent = 0;
  let nextReport = 10;
  for (let day = starts.length - 1; day >= 0 && !stopped(); day--) {
    const { dayStart, dayEnd } = span(day);
    for (let c = 0; c < models.length && !stopped(); c += SITES_PER_CHUNK) {
      const chunk = models
        .slice(c, c + SITES_PER_CHUNK)
        .map((m, i) => new SiteModel(m.spec, starts[day]![c + i]!, m.params));
      const messages = dayMessages(chunk, dayStart, dayEnd);
      await publishAll(links, messages, untilStop, stopped);
      sent += messages.reduce((a, m) => a + m.n, 0);

      const elapsed = (Date.now() - started) / 1000;
      const pace = sent / MAX_SAMPLES_PER_S - elapsed;
      if (pace > 0) await new Promise((r) => setTimeout(r, pace * 1000));
      else await yieldToEventLoop();
    }
    const faults = faultsOf[day]!;
    if (faults.length > 0 && !stopped()) await opts.onFaults?.(faults);

    const done = starts.length - day;
    const pct = Math.floor((done / days) * 100);
    if (pct >= nextReport || day === 0) {
      const rate = Math.round(sent / Math.max(0.001, (Date.now() - started) / 1000));
      log.info(`backfill ${pct}% (days ${done}/${days}, newest first), ${sent} samples, ${rate} samples/s`);
      nextReport = Math.floor(pct / 10) * 10 + 10;
    }
  }
  return sent;
}

/** The `{samples}` messages (≤ DEVICE_LIMITS.maxSamplesPerMessage each) of `models`' devices for [dayStart, dayEnd). */
function dayMessages(
  models: SiteModel[],
  dayStart: number,
  dayEnd: number,
): { sn: string; body: string; n: number }[] {
  const buffers = new Map<string, { ts: number; points: Record<string, number | string | boolean> }[]>();
  for (const model of models) {
    for (let t = dayStart; t < dayEnd; t += BACKFILL_STEP_MS) {
      model.advanceTo(t);
      for (const s of siteSamples(model, t)) {
        const buf = buffers.get(s.sn);
        if (buf) buf.push({ ts: t, points: s.points });
        else buffers.set(s.sn, [{ ts: t, points: s.points }]);
      }
    }
  }
  const messages: { sn: string; body: string; n: number }[] = [];
  for (const [sn, samples] of buffers) {
    for (let i = 0; i < samples.length; i += DEVICE_LIMITS.maxSamplesPerMessage) {
      const part = samples.slice(i, i + DEVICE_LIMITS.maxSamplesPerMessage);
      messages.push({ sn, body: JSON.stringify({ samples: part }), n: part.length });
    }
  }
  return messages;
}

async function publishAll(
  links: DeviceLinks,
  messages: { sn: string; body: string }[],
  untilStop: (work: Promise<unknown>) => Promise<void>,
  stopped: () => boolean,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < messages.length && !stopped()) {
      const m = messages[next++]!;
      const client = links.get(m.sn);
      // A disconnected client holds the message until it is back: the backfill waits with it.
      if (client) await untilStop(client.publishAsync(topics.telemetry(m.sn), m.body, { qos: 1 }));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}
