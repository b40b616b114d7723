import { z } from 'zod';

/** Spec §7: every response is `{status, msg, data}`; status 0 is success. */
export type Envelope<T> = { status: number; msg: string; data: T };

/** Builds the zod schema of an envelope around `data` (used for response validation and OpenAPI). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), msg: z.string(), data });
}
