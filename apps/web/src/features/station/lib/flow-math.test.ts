import type { EnergyFlow } from '@ems/contract/api/station';
import { describe, expect, it } from 'vitest';
import { SERIES_COLORS } from '../../../shared/ui/series-colors';
import { batteryState, durationFor, flowLines, gridState, socStep } from './flow-math';

const flow = (f: Partial<EnergyFlow>): EnergyFlow => ({
  pvW: null,
  gridW: null,
  batteryW: null,
  loadW: null,
  chargerW: null,
  soc: null,
  ...f,
});

describe('flowLines', () => {
  it('draws nothing at or below 49 W', () => {
    const lines = flowLines(flow({ pvW: 49, gridW: -49, batteryW: 10, loadW: 49, chargerW: 0 }));
    for (const l of Object.values(lines)) expect(l.active).toBe(false);
  });

  it('flows in the direction of the sign', () => {
    const day = flowLines(flow({ pvW: 5000, gridW: -2000, batteryW: -1000, loadW: 2000 }));
    expect(day.pv).toMatchObject({ active: true, toHub: true, color: SERIES_COLORS.production });
    expect(day.grid).toMatchObject({ active: true, toHub: false, color: SERIES_COLORS.gridSell });
    expect(day.battery).toMatchObject({ active: true, toHub: false, color: SERIES_COLORS.charge });
    expect(day.load).toMatchObject({ active: true, toHub: false });

    const night = flowLines(flow({ pvW: 0, gridW: 300, batteryW: 700, loadW: 1000 }));
    expect(night.pv.active).toBe(false);
    expect(night.grid).toMatchObject({ active: true, toHub: true, color: SERIES_COLORS.gridBuy });
    expect(night.battery).toMatchObject({ active: true, toHub: true, color: SERIES_COLORS.discharge });
  });

  it('gives each line its live share and runs larger shares faster', () => {
    const lines = flowLines(flow({ pvW: 4000, gridW: -3000, loadW: 1000 }));
    expect(lines.pv.share).toBe(1);
    expect(lines.grid.share).toBe(0.75);
    expect(lines.load.share).toBe(0.25);
    expect(lines.pv.durationS).toBeLessThan(lines.grid.durationS);
    expect(lines.grid.durationS).toBeLessThan(lines.load.durationS);
  });

  it('never runs PV or load backwards', () => {
    const lines = flowLines(flow({ pvW: -80, loadW: -500 }));
    expect(lines.pv.active).toBe(false);
    expect(lines.load.active).toBe(false);
  });
});

describe('states', () => {
  it('names grid and battery states', () => {
    expect(gridState(1200)).toBe('buy');
    expect(gridState(-1200)).toBe('sell');
    expect(gridState(30)).toBe('idle');
    expect(gridState(null)).toBe('none');
    expect(batteryState(-600)).toBe('charge');
    expect(batteryState(600)).toBe('discharge');
    expect(batteryState(0)).toBe('idle');
  });

  it('steps the battery icon in six steps', () => {
    expect([0, 9, 10, 30, 50, 70, 89, 90, 100, 120].map(socStep)).toEqual([0, 0, 1, 2, 3, 4, 4, 5, 5, 5]);
    expect(socStep(null)).toBeNull();
  });

  it('bounds the dash speed', () => {
    expect(durationFor(0)).toBe(3);
    expect(durationFor(1)).toBe(0.6);
    expect(durationFor(2)).toBe(0.6);
  });
});
