/**
 * Keeps each device's events (status, alarm, command answer) in the order they arrived. Their handling
 * starts with awaits whose answers can overtake one another (a device lookup on one pooled connection, a
 * rate-limit token from Redis); an alarm raised then cleared must reach the alarm queue in that order, or
 * a clearing applied before its raise leaves the alarm open (docs/device-protocol.md "Alarms").
 */

/** Work of one message: resolves once it is committed, or undefined when there is nothing to wait for. */
type Step = (handedOn: () => void) => Promise<void> | undefined;

/**
 * Creates a gate per serial number. `inOrder(sn, step)` starts `step` once the device's previous step has
 * handed its message on (called `handedOn`, or settled); it does not wait for that message's commit, so
 * one device's events still group-commit together. Returns the step's own promise.
 */
export function createDeviceOrder() {
  const turns = new Map<string, Promise<void>>();
  return {
    inOrder(sn: string, step: Step): Promise<void> | undefined {
      const previous = turns.get(sn);
      let handOn!: () => void;
      const turn = new Promise<void>((r) => {
        handOn = r;
      });
      turns.set(sn, turn);
      void turn.then(() => {
        if (turns.get(sn) === turn) turns.delete(sn);
      });
      const run = (): Promise<void> | undefined => {
        let out: Promise<void> | undefined;
        try {
          out = step(handOn);
        } catch (err) {
          handOn();
          throw err;
        }
        if (!out) return void handOn();
        // A step that never handed on (unknown device, over its rate, failed) frees the turn when it settles.
        return out.finally(handOn);
      };
      return previous ? previous.then(run) : run();
    },
    /** Devices with a step in progress (for tests: empty when idle). */
    get size(): number {
      return turns.size;
    },
  };
}
