/**
 * When smart charging recomputes (issue 22 item 5, docs/ocpp.md "Smart charging"): a charger of a site
 * with a limit boots, starts or stops a transaction, or the site's limit is set or lifted. Each asks for a
 * job of the rebalance queue keyed by the site: `stately`, so one recomputation of a site runs at a time on
 * all server processes and at most one more waits (it reads the state as it is when it runs, so further
 * requests meanwhile add nothing). Mounted only when the app is given a ChargerSend (AppContext.chargerSend).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context';
import type { QueueDefinition } from '../../../jobs/queue';
import type { ChargerSend } from './profiles';
import { rebalanceSite } from './rebalance';
import { forgetSentOnBoot, managedSiteOf } from './repo';

/** The queue of site recomputations. */
export const REBALANCE_QUEUE = 'ocpp-site-rebalance';

/** One recomputation per site running and one waiting; a failed send is retried with backoff. */
export const REBALANCE_QUEUE_DEFINITION: QueueDefinition = {
  name: REBALANCE_QUEUE,
  policy: 'stately',
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: 300,
  deleteAfterSeconds: 3600,
};

/** Job data of a recomputation. */
interface RebalanceJob {
  stationId: number;
}

/** What the charger handlers and the limit calls tell smart charging. Neither throws: failures are logged. */
export interface SmartCharging {
  /**
   * A charger started or stopped a transaction, or booted (`booted`: what it was sent is forgotten, so it
   * is sent again: a charger reset to its factory state has lost it). Recomputes its site if managed.
   */
  chargerChanged(deviceId: number, booted?: boolean): Promise<void>;
  /** The site's limit was set or lifted: recompute it. */
  siteChanged(stationId: number): Promise<void>;
}

/**
 * Declares the rebalance queue and starts its worker when `app` is ready (the queue is started by then),
 * sending through `send`. @returns the hooks the handlers and routes call.
 */
export function mountSmartCharging(app: FastifyInstance, ctx: AppContext, send: ChargerSend): SmartCharging {
  app.addHook('onReady', async () => {
    await ctx.queue.declare([REBALANCE_QUEUE_DEFINITION]);
    await ctx.queue.work<RebalanceJob>(REBALANCE_QUEUE, (job) =>
      rebalanceSite(ctx.db, job.data.stationId, send),
    );
  });
  const enqueue = async (stationId: number) => {
    await ctx.queue.send(REBALANCE_QUEUE, { stationId } satisfies RebalanceJob, {
      singletonKey: `station:${stationId}`,
    });
  };
  const logged = (what: string, fn: () => Promise<void>) =>
    fn().catch((err: unknown) => ctx.log.error({ err }, `smart charging: ${what} not recomputed`));
  return {
    chargerChanged: (deviceId, booted = false) =>
      logged(`charger ${deviceId}`, async () => {
        if (booted) await forgetSentOnBoot(ctx.db, deviceId);
        const stationId = await managedSiteOf(ctx.db, deviceId);
        if (stationId !== null) await enqueue(stationId);
      }),
    siteChanged: (stationId) => logged(`site ${stationId}`, () => enqueue(stationId)),
  };
}
