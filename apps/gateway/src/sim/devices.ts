/** Ready-made simulated SunSpec devices (raw register values) for the tests and the demo. */
import type { SimDevice } from './sunspec-server';

/** A three-phase inverter (models 1, 103): 3120 W, 15,400,123 Wh, 230.5 V, 50.02 Hz. */
export function simInverter(unitId: number, sn: string, base: SimDevice['base'] = 40000): SimDevice {
  return {
    unitId,
    base,
    models: [
      { id: 1, values: { Mn: 'Acme Solar', Md: 'SX-5000', SN: sn, Vr: '1.2.3' } },
      {
        id: 103,
        values: {
          A: 1352,
          AphA: 452,
          A_SF: -2,
          PhVphA: 2305,
          V_SF: -1,
          W: 312,
          W_SF: 1,
          Hz: 5002,
          Hz_SF: -2,
          WH: 15400123,
          WH_SF: 0,
          DCW: 3250,
          DCW_SF: 0,
          DCV: 4100,
          DCV_SF: -1,
          TmpCab: 41,
          Tmp_SF: 0,
          St: 4,
          Evt1: 0,
        },
      },
    ],
  };
}

/** A battery (models 1, 124): 48.5 % charged, 5000 W max charge rate, 20 % reserve. */
export function simStorage(unitId: number, sn: string, base: SimDevice['base'] = 40000): SimDevice {
  return {
    unitId,
    base,
    models: [
      { id: 1, values: { Mn: 'Acme Storage', Md: 'B10', SN: sn } },
      {
        id: 124,
        values: {
          WChaMax: 5000,
          WChaMax_SF: 0,
          StorCtl_Mod: 0,
          MinRsvPct: 200,
          MinRsvPct_SF: -1,
          ChaState: 485,
          ChaState_SF: -1,
          InBatV: 512,
          InBatV_SF: -1,
          ChaSt: 3,
          OutWRte: 1000,
          InWRte: 1000,
          InOutWRte_SF: -1,
          ChaGriSet: 1,
        },
      },
    ],
  };
}

/** A meter (models 1, 203): buying 1500 W; 12,345 kWh imported, 6,789 kWh exported. */
export function simMeter(unitId: number, sn: string, base: SimDevice['base'] = 40000): SimDevice {
  return {
    unitId,
    base,
    models: [
      { id: 1, values: { Mn: 'Acme Metering', Md: 'M3', SN: sn } },
      {
        id: 203,
        values: {
          W: 1500,
          W_SF: 0,
          Hz: 500,
          Hz_SF: -1,
          PhVphA: 231,
          V_SF: 0,
          TotWhImp: 12345,
          TotWhExp: 6789,
          TotWh_SF: 3,
        },
      },
    ],
  };
}

/**
 * An inverter that takes an export limit: `controls` 123 gives it models 121 (`WMax` 5000 W, stored as
 * 500 × 10¹) and 123 (`WMaxLimPct` at 0.1 % steps, limit off); 704 gives it models 702 (`WMaxRtg` 8000 W)
 * and 704 (`WMaxLimPct` at 0.01 % steps, limit off).
 */
export function simControlledInverter(unitId: number, sn: string, controls: 123 | 704): SimDevice {
  const inv = simInverter(unitId, sn);
  if (controls === 123) {
    inv.models.push(
      { id: 121, values: { WMax: 500, WMax_SF: 1 } },
      { id: 123, values: { WMaxLimPct: 1000, WMaxLimPct_SF: -1, WMaxLim_Ena: 0, Conn: 1 } },
    );
  } else {
    inv.models.push(
      { id: 702, values: { WMaxRtg: 8000, W_SF: 0 } },
      { id: 704, values: { WMaxLimPctEna: 0, WMaxLimPct: 10000, WMaxLimPct_SF: -2 } },
    );
  }
  return inv;
}

/**
 * A hybrid inverter: the model-123 inverter of simControlledInverter with a battery behind it (model 124:
 * `WChaMax` 6,000 W stored as 600 × 10¹, charge / discharge rates at 0.01 % steps, neither limit on).
 */
export function simHybridInverter(unitId: number, sn: string): SimDevice {
  const inv = simControlledInverter(unitId, sn, 123);
  inv.models.push({
    id: 124,
    values: {
      WChaMax: 600,
      WChaMax_SF: 1,
      StorCtl_Mod: 0,
      MinRsvPct: 200,
      MinRsvPct_SF: -1,
      ChaState: 500,
      ChaState_SF: -1,
      ChaSt: 6,
      OutWRte: 10000,
      InWRte: 10000,
      InOutWRte_SF: -2,
      ChaGriSet: 0,
    },
  });
  return inv;
}
