/**
 * Group rules (spec §3 Group, §5, issue 7 §2): category/edit creates, renames, deletes and fills groups;
 * filter/tree lists the caller's groups with the sites under each. Every site the caller sees is under
 * exactly one of the caller's groups: its row in group_stations, else the default group.
 */
import { type GroupNode, sumCapacities } from '@ems/contract/api/fleet';
import { MAX_GROUPS } from '@ems/contract/constants';
import type { DbHandle } from '../../db/client';
import type { SessionUser } from '../../http/context';
import { illegalInput, noPermission } from '../../http/errors';
import { accessibleStationIds, requireStationsAccess } from '../access/station-access';
import { findUserName } from '../stations/repo';
import { defaultGroupFixed, duplicateGroupName, limitReached } from './errors';
import {
  deleteGroup,
  ensureDefaultGroup,
  findOwnGroup,
  findTreeSites,
  type GroupRow,
  groupCount,
  insertGroup,
  listGroups,
  placeStations,
  renameGroup,
} from './groups-repo';

/** Body of category/edit as the contract parses it. */
export interface CategoryEdit {
  action: 'create' | 'rename' | 'delete' | 'move';
  id?: number | undefined;
  name?: string | undefined;
  stationIds?: number[] | undefined;
}

/**
 * The caller's group `id`.
 * @throws AppError noPermission when it is missing or another user's.
 */
export async function requireOwnGroup(
  db: DbHandle,
  user: SessionUser,
  id: number | undefined,
): Promise<GroupRow> {
  if (id === undefined) throw illegalInput();
  const group = await findOwnGroup(db, user.userId, id);
  if (!group) throw noPermission();
  return group;
}

/**
 * Applies one category/edit action.
 * @returns the group created, renamed or filled; null after delete.
 * @throws limitReached past MAX_GROUPS, duplicateGroupName, defaultGroupFixed (deleting the default group),
 *   illegalInput when the action's id or name is missing, noPermission for another user's group or a site
 *   the caller cannot see.
 */
export async function editCategory(
  db: DbHandle,
  user: SessionUser,
  body: CategoryEdit,
): Promise<{ id: number; name: string } | null> {
  await ensureDefaultGroup(db, user.userId);
  switch (body.action) {
    case 'create': {
      if (!body.name) throw illegalInput();
      if ((await groupCount(db, user.userId)) >= MAX_GROUPS) throw limitReached();
      const group = await insertGroup(db, user.userId, body.name);
      if (!group) throw duplicateGroupName();
      return { id: group.id, name: group.name };
    }
    case 'rename': {
      const group = await requireOwnGroup(db, user, body.id);
      if (!body.name) throw illegalInput();
      if (!(await renameGroup(db, group.id, body.name))) throw duplicateGroupName();
      return { id: group.id, name: body.name };
    }
    case 'delete': {
      const group = await requireOwnGroup(db, user, body.id);
      if (group.isDefault) throw defaultGroupFixed();
      await deleteGroup(db, group.id);
      return null;
    }
    case 'move': {
      const group = await requireOwnGroup(db, user, body.id);
      const ids = body.stationIds ?? [];
      await requireStationsAccess(db, user, ids);
      await placeStations(db, user.userId, group, ids);
      return { id: group.id, name: group.name };
    }
  }
}

/** Query of filter/tree as the contract parses it. */
export interface TreeQuery {
  filterText?: string | undefined;
  stationId?: number | undefined;
  superId?: number | undefined;
  systemType?: number | undefined;
}

/**
 * The caller's groups with the sites under each (spec §7 filter/tree). A filter text keeps a group whose
 * name contains it with all its sites, and otherwise the sites whose name or address contains it (groups
 * left without a site are dropped then). stationId keeps the group holding that site, superId one group.
 */
export async function groupTree(db: DbHandle, user: SessionUser, q: TreeQuery): Promise<GroupNode[]> {
  const defaultGroup = await ensureDefaultGroup(db, user.userId);
  const [groups, ids, owner] = [
    await listGroups(db, user.userId),
    await accessibleStationIds(db, user, q.systemType),
    await findUserName(db, user.userId),
  ];
  const sites = await findTreeSites(db, user.userId, ids);
  const text = q.filterText?.trim().toLowerCase() ?? '';
  const holding = q.stationId === undefined ? undefined : sites.find((s) => s.stationId === q.stationId);
  const nodes: GroupNode[] = [];
  for (const g of groups) {
    if (q.superId !== undefined && g.id !== q.superId) continue;
    let members = sites.filter((s) => (s.groupId ?? defaultGroup.id) === g.id);
    if (q.stationId !== undefined && (holding?.groupId ?? defaultGroup.id) !== g.id) continue;
    const groupMatches = text !== '' && g.name.toLowerCase().includes(text);
    if (text && !groupMatches) {
      members = members.filter(
        (s) => s.stationName.toLowerCase().includes(text) || s.address.toLowerCase().includes(text),
      );
      if (members.length === 0) continue;
    }
    nodes.push({
      id: g.id,
      name: g.name,
      isDefault: g.isDefault,
      capacities: sumCapacities(members),
      owner,
      subStations: members.map((s) => ({
        stationId: s.stationId,
        stationName: s.stationName,
        systemType: s.systemType,
        capacity: s.capacity,
        address: s.address,
        areaCode: s.areaCode,
        owned: s.ownerId === user.userId,
      })),
    });
  }
  return nodes;
}
