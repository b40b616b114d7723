/**
 * The demo gateway site's devices as SunSpec Modbus TCP servers (issue 32, "Parts: The demo"): a PV
 * inverter (models 1, 103; the PV part of the model's hybrid), a battery (1, 124, 802) and a grid meter
 * (1, 203), each on its own loopback port and map base (40000, 0, 50000, so discovery tries every base), whose registers are rewritten from
 * the site's model (site-model.ts, the real PV and load profiles) at every tick, with scale factors of
 * every sign. The battery's reserve and grid charging are registers the gateway may write; what it wrote
 * becomes the model's parameters, so a setting sent from the platform changes how the battery behaves.
 */
import type { DeviceParams } from '@ems/contract/api/device-params';
import { encodeModel } from '../../../gateway/src/sim/encode';
import {
  type SimDevice,
  type SunSpecServer,
  startSunSpecServer,
} from '../../../gateway/src/sim/sunspec-server';
import type { DeviceSpec, SiteSpec } from './catalog';
import { siteSamples } from './device-points';
import type { SiteModel } from './site-model';

const UNIT = 1;

/** Scale factors per model: negative, zero and positive, as real devices mix them. */
const SF: Record<number, Record<string, number>> = {
  103: { A_SF: -2, V_SF: -1, W_SF: 0, Hz_SF: -2, WH_SF: 0, DCA_SF: -2, DCV_SF: -1, DCW_SF: 0, Tmp_SF: -1 },
  124: {
    WChaMax_SF: 0,
    WChaDisChaGra_SF: 0,
    VAChaMax_SF: 0,
    MinRsvPct_SF: -1,
    ChaState_SF: -1,
    StorAval_SF: 0,
    InBatV_SF: -1,
    InOutWRte_SF: -1,
  },
  802: {
    AHRtg_SF: 0,
    WHRtg_SF: 1,
    WChaDisChaMax_SF: 0,
    DisChaRte_SF: 0,
    SoC_SF: -1,
    DoD_SF: -1,
    SoH_SF: -1,
    V_SF: -1,
    CellV_SF: -3,
    A_SF: -2,
    AMax_SF: 0,
    W_SF: 0,
  },
  203: { A_SF: -2, V_SF: -1, Hz_SF: -2, W_SF: 0, TotWh_SF: 0 },
};

type Points = Record<string, number>;

/** Measured values (engineering units) per model of device `d`, from its platform sample `p`. */
function measured(d: DeviceSpec, p: Points): Record<number, Points> {
  switch (d.type) {
    case 'inverter':
      return {
        // The PV part only (a hybrid's own AC power would count the battery twice: the battery reports
        // its W itself), so the site balances as the fleet's do: load = inverter + battery + meter.
        103: {
          W: p.PVW ?? p.W!,
          WH: p.PVWH ?? p.WH!,
          A: p.A!,
          AphA: p.A!,
          PhVphA: p.PhVphA!,
          Hz: p.Hz!,
          DCW: p.DCW!,
          DCV: p.DCV!,
          DCA: p.DCA!,
          TmpCab: p.TmpCab!,
          St: (p.PVW ?? p.W!) !== 0 ? 4 : 2,
          Evt1: 0,
        },
      };
    case 'battery':
      return {
        124: { ChaState: p.SoC!, InBatV: p.V!, ChaSt: p.ChaSt! },
        802: { W: p.W!, SoC: p.SoC!, SoH: p.SoH!, V: p.V!, A: p.A!, ChaSt: p.ChaSt! },
      };
    default:
      return {
        203: {
          W: p.W!,
          WphA: p.W!,
          PhVphA: p.PhVphA!,
          Hz: p.Hz!,
          TotWhImp: p.TotWhImp!,
          TotWhExp: p.TotWhExp!,
        },
      };
  }
}

/** The battery's writable settings, from the inverter's parameters. */
function settings(d: DeviceSpec, params: DeviceParams): Record<number, Points> {
  return {
    124: {
      WChaMax: d.ratedW ?? 5000,
      StorCtl_Mod: 0,
      MinRsvPct: params.socLowerOnGrid,
      InWRte: 100,
      OutWRte: 100,
      ChaGriSet: params.chargeMode === 'pvAndGrid' ? 1 : 0,
    },
    802: { SoCRsvMin: params.socLowerOnGrid, SoCMax: 100, SoCMin: 0, WHRtg: d.capacityWh ?? 10_000 },
  };
}

/** The demo site's devices on Modbus TCP. */
export interface DemoModbusDevices {
  /** `tcp://127.0.0.1:PORT` of each device, for the gateway's `--modbus`. */
  urls: string[];
  /** Rewrites the registers from `model` at `tMs`; first applies what the gateway wrote to the model. */
  update(model: SiteModel, tMs: number): void;
  close(): Promise<void>;
}

/** Starts one SunSpec server per device of `spec` (on free loopback ports) holding `model`'s values at `tMs`. */
export async function startDemoModbusDevices(
  spec: SiteSpec,
  model: SiteModel,
  tMs: number,
  onParams: (params: DeviceParams) => void,
): Promise<DemoModbusDevices> {
  const samples = new Map(siteSamples(model, tMs).map((s) => [s.sn, s.points as Points]));
  const bases = { inverter: 40000, battery: 0, meter: 50000 } as const;
  const servers: { d: DeviceSpec; server: SunSpecServer }[] = [];
  for (const d of spec.devices) {
    if (d.type !== 'inverter' && d.type !== 'battery' && d.type !== 'meter') continue;
    const values = measured(d, samples.get(d.sn) ?? {});
    if (d.type === 'battery') {
      for (const [id, v] of Object.entries(settings(d, model.params))) Object.assign(values[Number(id)]!, v);
    }
    const dev: SimDevice = {
      unitId: UNIT,
      base: bases[d.type],
      models: [
        {
          id: 1,
          values: { Mn: d.product.manufacturer, Md: d.product.model, SN: d.sn, Vr: d.product.firmware },
        },
        ...Object.entries(values).map(([id, v]) => ({
          id: Number(id),
          values: encodeModel(Number(id), v, SF[Number(id)]!),
        })),
      ],
    };
    servers.push({ d, server: await startSunSpecServer([dev]) });
  }
  const battery = servers.find((s) => s.d.type === 'battery');

  /** What the gateway wrote to the battery (its reserve in 124 or 802, grid charging in 124), as parameters. */
  const written = (params: DeviceParams): DeviceParams => {
    if (!battery) return params;
    const { server } = battery;
    const reserve124 = server.get(UNIT, 124, 'MinRsvPct') / 10;
    const reserve802 = server.get(UNIT, 802, 'SoCRsvMin') / 10;
    const reserve = reserve124 !== params.socLowerOnGrid ? reserve124 : reserve802;
    const chargeMode = server.get(UNIT, 124, 'ChaGriSet') === 1 ? 'pvAndGrid' : 'pvOnly';
    if (reserve === params.socLowerOnGrid && chargeMode === params.chargeMode) return params;
    return { ...params, socLowerOnGrid: reserve, chargeMode };
  };

  return {
    urls: servers.map((s) => s.server.url),
    update(model, t) {
      const params = written(model.params);
      if (params !== model.params) {
        model.setParams(params);
        onParams(params);
        // Both reserve registers say the same, whichever was written.
        if (battery) {
          const raw = Math.round(params.socLowerOnGrid * 10);
          battery.server.set(UNIT, 124, 'MinRsvPct', raw);
          battery.server.set(UNIT, 802, 'SoCRsvMin', raw);
        }
      }
      model.advanceTo(t);
      const now = new Map(siteSamples(model, t).map((s) => [s.sn, s.points as Points]));
      for (const { d, server } of servers) {
        for (const [id, v] of Object.entries(measured(d, now.get(d.sn) ?? {}))) {
          const modelId = Number(id);
          for (const [point, raw] of Object.entries(encodeModel(modelId, v, SF[modelId]!)))
            server.set(UNIT, modelId, point, raw);
        }
      }
    },
    close: async () => {
      await Promise.all(servers.map((s) => s.server.close()));
    },
  };
}
