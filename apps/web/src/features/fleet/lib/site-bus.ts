/**
 * How full a site's device bus is (spec §7 configure/device/base/address/limit, confType 3; docs/fleet.md
 * "Device base address limits"): each device holds one base address, so the add-device form can say how
 * many more fit, and stop before the user types serial numbers the server would refuse.
 */
import { type AddressLimit, SITE_BUS_CONF_TYPE } from '@ems/contract/api/device-limits';

/** A site's bus: its address range, devices on it and how many more fit. */
export interface SiteBus {
  from: number;
  to: number;
  max: number;
  used: number;
  free: number;
  full: boolean;
}

/** The site bus of `deviceCount` devices under the answered limits; null while unknown. */
export function siteBus(
  limits: readonly AddressLimit[] | undefined,
  deviceCount: number | undefined,
): SiteBus | null {
  const limit = limits?.find((l) => l.confType === SITE_BUS_CONF_TYPE);
  if (!limit || deviceCount === undefined) return null;
  const free = Math.max(0, limit.maxDevices - deviceCount);
  return {
    from: limit.minAddress,
    to: limit.maxAddress,
    max: limit.maxDevices,
    used: deviceCount,
    free,
    full: free === 0,
  };
}
