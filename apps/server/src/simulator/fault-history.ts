/**
 * The demo fleet's past faults (issue 20 §9): the backfill steps every site through its history with the
 * live fault model (faults.ts, without the start-up fault), and this turns the active codes of each step
 * into occurrences, each once it has cleared. An occurrence still open where the history ends is left to
 * the live simulator, which raises it at its first tick.
 */
import { activeFaults } from './faults';
import type { SiteModel } from './site-model';

/** One past fault of a device: `code` active from `start` until `end` (ms). */
export interface PastFault {
  sn: string;
  code: string;
  start: number;
  end: number;
}

/** Follows the fleet's codes step by step; feed it every site at every step, in time order. */
export class FaultHistory {
  private readonly open = new Map<string, { sn: string; code: string; start: number }>();

  /** Notes `model`'s codes at `t`. @returns the occurrences of its devices that cleared at `t`. */
  observe(model: SiteModel, t: number): PastFault[] {
    const active = activeFaults(model, t);
    const cleared: PastFault[] = [];
    for (const d of model.spec.devices) {
      const now = active.get(d.sn) ?? [];
      for (const code of now) {
        const key = `${d.sn}\u0000${code}`;
        if (!this.open.has(key)) this.open.set(key, { sn: d.sn, code, start: t });
      }
      for (const [key, o] of this.open) {
        if (o.sn !== d.sn || now.includes(o.code)) continue;
        this.open.delete(key);
        cleared.push({ ...o, end: t });
      }
    }
    return cleared;
  }
}
