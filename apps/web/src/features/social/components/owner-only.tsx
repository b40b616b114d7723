import type { ReactNode } from 'react';
import { useGroupTree } from '../../fleet/api/fleet-api';

/** Whether the caller owns site `stationId` (the group tree's `owned` flag); false while the tree loads. */
export function useOwnsSite(stationId: number): boolean {
  const site = (useGroupTree().data ?? [])
    .flatMap((g) => g.subStations)
    .find((s) => s.stationId === stationId);
  return site?.owned ?? false;
}

/**
 * Renders `children` only when the caller owns site `stationId`: a shared viewer sees no edit, delete or
 * parameter controls (issue 10 §2). The server refuses them anyway.
 */
export function OwnerOnly({ stationId, children }: { stationId: number; children: ReactNode }) {
  return useOwnsSite(stationId) ? children : null;
}
