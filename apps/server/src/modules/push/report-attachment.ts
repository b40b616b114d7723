/** The .xlsx a report e-mail carries (issue 20 §5): the report page's workbook of the pushed period. */
import type { ChannelDeps, DeliveryToSend } from './channel';

/** The period's workbook for `delivery`'s report, or null when it has none. */
export async function reportAttachment(
  _deps: ChannelDeps,
  _delivery: DeliveryToSend,
): Promise<{ name: string; data: Buffer } | null> {
  return null;
}
