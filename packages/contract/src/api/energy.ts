/**
 * Issue 12: where an energy figure comes from (docs/energy.md). `counter`: the devices' lifetime
 * counters; `power`: integrated from power samples (a screen marks it "estimated from power");
 * `mixed`: some of each; null: no figure at all.
 */
import { z } from 'zod';

export const EnergySourceSchema = z.enum(['counter', 'power', 'mixed']).nullable();
export type EnergySource = z.infer<typeof EnergySourceSchema>;
