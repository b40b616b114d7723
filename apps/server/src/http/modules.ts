import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '../modules/account/routes';
import { adminRoutes } from '../modules/admin/routes';
import { alarmRoutes } from '../modules/alarms/routes';
import { areaRoutes } from '../modules/area/routes';
import { authRoutes } from '../modules/auth/routes';
import { commandRoutes } from '../modules/commands/routes';
import { fleetRoutes } from '../modules/fleet/routes';
import { generalRoutes } from '../modules/general/routes';
import { mapTilesRoutes } from '../modules/map-tiles/routes';
import { chargerOperateRoutes } from '../modules/ocpp/operate-routes';
import { ocppRoutes } from '../modules/ocpp/routes';
import { solarChargingRoutes } from '../modules/ocpp/solar/routes';
import { planRoutes } from '../modules/plans/routes';
import { profileRoutes } from '../modules/profile/routes';
import { pushRoutes } from '../modules/push/routes';
import { qrRoutes } from '../modules/qr/routes';
import { reportRoutes } from '../modules/reports/routes';
import { socialRoutes } from '../modules/social/routes';
import { stationRoutes } from '../modules/stations/routes';
import { telemetryRoutes } from '../modules/telemetry/routes';
import { userRoutes } from '../modules/users/routes';
import type { AppContext } from './context';

/**
 * Every domain's routes, mounted under /owner_api. Paths inside are spec §7's
 * (`/webpvesc/ajax/...`, `/auth/owner/...`).
 */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await generalRoutes(api, ctx);
  await authRoutes(api, ctx);
  await userRoutes(api, ctx);
  await accountRoutes(api, ctx);
  await profileRoutes(api, ctx);
  await qrRoutes(api, ctx);
  await adminRoutes(api, ctx);
  await stationRoutes(api, ctx);
  await fleetRoutes(api, ctx);
  await telemetryRoutes(api, ctx);
  await alarmRoutes(api, ctx);
  await socialRoutes(api, ctx);
  await reportRoutes(api, ctx); // issue 8
  await areaRoutes(api, ctx); // issue 7 item 6
  await mapTilesRoutes(api, ctx); // issue 7 item 7: street tiles
  await planRoutes(api, ctx); // issue 24 item 15: ordering a report plan
  await pushRoutes(api, ctx); // issue 20
  await commandRoutes(api, ctx); // issue 21: remote settings
  await ocppRoutes(api, ctx); // issue 22: OCPP chargers
  await chargerOperateRoutes(api, ctx); // issue 22 item 4: operating chargers
  await solarChargingRoutes(api, ctx); // issue 33: solar charging
}
