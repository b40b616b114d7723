/** Station (site) rules: the dashboard's site list and a site's base info (spec §7 station calls). */

import type { StationTemplate } from '@ems/contract/api/dictionary';
import type { DeviceInfo, StationBaseInfo, StationList, StationSummary } from '@ems/contract/api/station';
import { DEVICE_OFFLINE_AFTER_MS, IDLE_THRESHOLD_W, type LanguageCode } from '@ems/contract/constants';
import type { DeviceType } from '@ems/contract/telemetry';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { accessibleStationIds, maySeeSerials, requireStationAccess } from '../access/station-access';
import { areaCodesUnder } from '../area/area-tree';
import { ensureDefaultGroup, findTreeSites, groupIdOf } from '../fleet/groups-repo';
import { groupTree, requireOwnGroup } from '../fleet/groups-service';
import { sumByType } from '../telemetry/energy-flow';
import { type LiveSite, loadLiveSites } from '../telemetry/live-service';
import { kwh } from '../telemetry/power-unit';
import {
  type DeviceWithSeen,
  findDevicesWithSeen,
  findListedStations,
  findUserName,
  listTemplates,
} from './repo';
import { filterAndSortSites, type SiteListOptions } from './site-list';
import { templateIn } from './template-names';

/** Every station template (spec §3: keyed by id), named in the caller's `language`. */
export async function stationTemplatesList(db: DbHandle, language: LanguageCode): Promise<StationTemplate[]> {
  return (await listTemplates(db)).map((t) => templateIn(t, language));
}

/** The device type whose power and energy is a site's headline, by system type (spec §1). */
const MAIN_DEVICE: Record<number, DeviceType> = {
  1: 'inverter',
  6: 'inverter',
  2: 'charger',
  7: 'ups',
  3: 'meter',
};

/** Sum of `pick` over the site's devices of `type` that have a value; null when none has (sumByType's rule). */
function sumOf(
  site: LiveSite,
  type: DeviceType,
  pick: (d: LiveSite['devices'][number]) => number | null,
): number | null {
  const values = site.devices.filter((d) => d.deviceType === type).map((d) => ({ type, value: pick(d) }));
  return sumByType(values)[type] ?? null;
}

/**
 * A dashboard row: headline power (W) and energy today (kWh) of the site's main device type, and its
 * chargers charging, so the charging dashboard needs no per-device poll.
 */
export function stationSummary(site: LiveSite, worstAlarmLevel: number | null): StationSummary {
  const s = site.station;
  const main = MAIN_DEVICE[s.systemType] ?? 'meter';
  const todayWh = sumOf(site, main, (d) => d.todayInWh);
  const chargers = site.devices.filter((d) => d.deviceType === 'charger');
  return {
    stationId: s.id,
    stationName: s.name,
    systemType: s.systemType,
    templateCode: s.templateCode,
    address: s.address,
    country: s.country,
    timeZone: s.timeZone,
    longitude: s.longitude,
    latitude: s.latitude,
    capacity: s.capacityKw,
    online: site.online,
    deviceCount: site.devices.length,
    onlineDeviceCount: site.onlineCount,
    powerW: sumOf(site, main, (d) => d.w),
    todayKwh: kwh(todayWh),
    soc: site.flow.soc,
    chargerCount: chargers.length,
    chargersCharging: chargers.filter((d) => d.online && d.w !== null && Math.abs(d.w) > IDLE_THRESHOLD_W)
      .length,
    worstAlarmLevel,
    lastSeen: site.lastSeen?.toISOString() ?? null,
  };
}

/** Query of systemtype/list as the contract's StationListQuerySchema parses it (fields used here). */
export interface StationListQuery {
  systemType: number;
  ispaging?: boolean;
  pageNum?: number;
  pageSize?: number;
  filterText?: string;
  nodeTypeEnum?: string;
  groupId?: number;
  areaCode?: string;
}

/**
 * The caller's sites of one system type with live values: filtered by name/address, sites with
 * active alarms first, then by name; one page (pageNum from 1, default size 10) when ispaging.
 * With the site list page's filters or sort (groupId, areaCode, status, sortField; contract site-list.ts)
 * the matching sites are sorted on their live values before paging.
 * @throws AppError noPermission (40300) for a groupId that is not one of the caller's groups.
 */
export async function stationList(
  db: DbHandle,
  user: SessionUser,
  q: StationListQuery & SiteListOptions,
): Promise<StationList> {
  let ids = await accessibleStationIds(db, user, q.systemType);
  if (q.groupId !== undefined || q.areaCode) ids = await narrowIds(db, user, ids, q);
  const size = q.pageSize ?? 10;
  const page = q.ispaging ? { limit: size, offset: ((q.pageNum ?? 1) - 1) * size } : null;
  const filter = q.filterText?.trim() ? q.filterText.trim() : null;
  const sorted = q.status !== undefined || q.sortField !== undefined;
  const { rows, total } = await findListedStations(db, ids, filter, sorted ? null : page);
  const sites = await loadLiveSites(db, rows, { withPoints: false });
  const summaries = sites.map((site, i) => stationSummary(site, rows[i]!.worstAlarmLevel));
  let list: StationList = { rows: summaries, total };
  if (sorted) {
    const all = filterAndSortSites(summaries, q);
    list = { rows: page ? all.slice(page.offset, page.offset + page.limit) : all, total: all.length };
  }
  if (q.nodeTypeEnum?.toUpperCase() === 'GROUP') {
    list.groups = await groupTree(db, user, { systemType: q.systemType, filterText: q.filterText });
  }
  return list;
}

/** `ids` kept to the caller's group `q.groupId` (their default group holds unplaced sites) and area `q.areaCode`. */
async function narrowIds(
  db: DbHandle,
  user: SessionUser,
  ids: number[],
  q: { groupId?: number; areaCode?: string },
): Promise<number[]> {
  const group = q.groupId === undefined ? null : await requireOwnGroup(db, user, q.groupId);
  const defaultId = group ? (await ensureDefaultGroup(db, user.userId)).id : 0;
  const sites = await findTreeSites(db, user.userId, ids);
  const areas = q.areaCode ? areaCodesUnder(q.areaCode) : null;
  return sites
    .filter((s) => !group || (s.groupId ?? defaultId) === group.id)
    .filter((s) => !areas || (s.areaCode !== null && areas.has(s.areaCode)))
    .map((s) => s.stationId);
}

/**
 * A site's details and devices (spec §3 Site, Device).
 * @throws AppError noPermission for a missing station or one of another user.
 */
export async function stationBaseInfo(
  db: DbHandle,
  user: SessionUser,
  stationId: number,
  now: number = Date.now(),
): Promise<StationBaseInfo> {
  const s = await requireStationAccess(db, user, stationId);
  const [ownerName, devices] = [await findUserName(db, s.ownerId), await findDevicesWithSeen(db, s.id)];
  return {
    stationId: s.id,
    stationName: s.name,
    address: s.address,
    longitude: s.longitude,
    latitude: s.latitude,
    capacity: s.capacityKw,
    systemType: s.systemType,
    templateCode: s.templateCode,
    timeZone: s.timeZone,
    country: s.country,
    currency: s.currency,
    ownerName,
    areaCode: s.areaCode,
    groupId: await groupIdOf(db, user.userId, s.id),
    createdAt: s.createdAt.toISOString(),
    devices: devices.map((d) => toDeviceInfo(d, now, maySeeSerials(user, s))),
  };
}

/**
 * A device row with its last-seen time as the API shows it (spec §3 Device); online within
 * DEVICE_OFFLINE_AFTER_MS of `now`. Both serial numbers are null unless `serials` (maySeeSerials).
 */
export function toDeviceInfo(d: DeviceWithSeen, now: number, serials: boolean): DeviceInfo {
  return {
    deviceId: d.id,
    name: d.name,
    serialNumber: serials ? d.serialNumber : null,
    commSerialNumber: serials ? d.commSerialNumber : null,
    type: d.deviceType as DeviceType,
    model: d.model,
    manufacturer: d.manufacturer,
    softwareVersion: d.softwareVersion,
    hardwareVersion: d.hardwareVersion,
    ratedPowerW: d.ratedPowerW,
    capacityWh: d.capacityWh,
    online: d.lastSeenAt !== null && now - d.lastSeenAt.getTime() <= DEVICE_OFFLINE_AFTER_MS,
    lastSeen: d.lastSeenAt?.toISOString() ?? null,
  };
}
