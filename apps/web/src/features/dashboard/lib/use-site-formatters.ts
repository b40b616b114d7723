import type { StationSummary } from '@ems/contract/api/station';
import { energyFormatter, powerFormatter } from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { useNow } from '../../../shared/ui/use-now';

/**
 * What the site table and its phone cards format with: one power unit and one energy unit for all
 * rows (UX.md "one unit per visual group"), the language, and a clock for "last seen".
 */
export function useSiteFormatters(rows: StationSummary[]) {
  const locale = currentLanguageCode();
  return {
    locale,
    now: useNow(),
    fmtPower: powerFormatter(
      rows.map((r) => r.powerW),
      locale,
    ),
    fmtEnergy: energyFormatter(
      rows.map((r) => r.todayKwh),
      locale,
    ),
  };
}
