import { MOBILE_BREAKPOINT_PX } from '@ems/contract/constants';
import { useMediaQuery } from './use-media-query';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** True below MOBILE_BREAKPOINT_PX (992 px, spec §2): the layout switches to its mobile form. */
export function useIsMobile(): boolean {
  return useMediaQuery(query);
}
