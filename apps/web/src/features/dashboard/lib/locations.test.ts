import { describe, expect, it } from 'vitest';
import { project } from './locations';

describe('project', () => {
  it('keeps every site inside the box, north up and east right', () => {
    const sites = [
      { longitude: -46.6, latitude: -23.5 },
      { longitude: 14.4, latitude: 50.1 },
      { longitude: 121.5, latitude: 31.2 },
    ];
    const p = project(sites, 300, 200);
    for (const s of sites) {
      expect(p.x(s.longitude)).toBeGreaterThanOrEqual(0);
      expect(p.x(s.longitude)).toBeLessThanOrEqual(300);
      expect(p.y(s.latitude)).toBeGreaterThanOrEqual(0);
      expect(p.y(s.latitude)).toBeLessThanOrEqual(200);
    }
    expect(p.x(14.4)).toBeGreaterThan(p.x(-46.6));
    expect(p.y(50.1)).toBeLessThan(p.y(-23.5));
    expect(p.meridians.length).toBeGreaterThan(0);
  });

  it('gives a single site room around it', () => {
    const p = project([{ longitude: 10, latitude: 50 }], 300, 200);
    expect(p.x(10)).toBeCloseTo(150, 0);
    expect(p.y(50)).toBeCloseTo(100, 0);
  });
});
