/**
 * Builds the site models of the fleet at a given instant: each starts from the saved snapshot when that
 * is usable (not after the instant, same devices), else from the fleet's epoch, and is stepped forward a
 * simulated day at a time, yielding to the event loop in between so the API keeps answering.
 */
import type { DeviceParams } from '@ems/contract/api/device-params';
import type { FleetSite } from './fleet-store';
import { initialSnapshot, SiteModel, type SiteSnapshot, STEP_MS } from './site-model';

/** Saved state of the whole fleet (settings 'simulator_snapshot'), per site keyed by its first serial. */
export interface FleetSnapshot {
  sites: Record<string, SiteSnapshot>;
}

const DAY_MS = 86_400_000;

/** Lets pending I/O (API requests, MQTT acks) run before continuing. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Key of a site in a FleetSnapshot. */
export const siteKey = (site: FleetSite) => site.spec.devices[0]!.sn;

function usable(snap: SiteSnapshot | undefined, site: FleetSite, at: number): snap is SiteSnapshot {
  return !!snap && snap.t <= at && site.spec.devices.every((d) => d.sn in snap.counters);
}

/**
 * Models of `sites` with `at` inside their current minute.
 * @param epoch the fleet's first instant (minute-aligned): where models without a snapshot start.
 * @param stopped polled between simulated days; a stopped build returns early.
 * @param paramsOf the parameters of a site's inverter (sim-settings.ts), applied over the whole build.
 */
export async function buildModels(
  sites: FleetSite[],
  epoch: number,
  snapshot: FleetSnapshot | undefined,
  at: number,
  stopped: () => boolean = () => false,
  paramsOf?: (site: FleetSite) => DeviceParams,
): Promise<SiteModel[]> {
  const models: SiteModel[] = [];
  for (const site of sites) {
    const snap = snapshot?.sites[siteKey(site)];
    const from = usable(snap, site, at)
      ? snap
      : initialSnapshot(site.spec, Math.min(epoch, Math.floor(at / STEP_MS) * STEP_MS));
    const model = new SiteModel(site.spec, from, paramsOf?.(site));
    while (model.t + DAY_MS <= at && !stopped()) {
      model.advanceTo(model.t + DAY_MS);
      await yieldToEventLoop();
    }
    model.advanceTo(at);
    models.push(model);
  }
  return models;
}

/** Serial number of a site's inverter, if it has one. */
export const inverterOf = (site: FleetSite) => site.spec.devices.find((d) => d.type === 'inverter')?.sn;

/** The fleet's snapshot from its models. */
export function fleetSnapshot(sites: FleetSite[], models: SiteModel[]): FleetSnapshot {
  const out: FleetSnapshot = { sites: {} };
  sites.forEach((site, i) => {
    out.sites[siteKey(site)] = models[i]!.snapshot();
  });
  return out;
}
