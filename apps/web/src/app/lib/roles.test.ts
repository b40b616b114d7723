import { describe, expect, it } from 'vitest';
import { mayOpen, ROUTE_ROLES } from './roles';

describe('mayOpen (spec §6 route roles)', () => {
  it('opens routes without roles to everyone', () => {
    expect(mayOpen(undefined, [])).toBe(true);
    expect(mayOpen([], ['owner'])).toBe(true);
  });

  it('opens /manage to administrators only', () => {
    expect(mayOpen(ROUTE_ROLES['/manage'], ['admin'])).toBe(true);
    expect(mayOpen(ROUTE_ROLES['/manage'], ['owner'])).toBe(false);
    expect(mayOpen(ROUTE_ROLES['/manage'], [])).toBe(false);
  });

  it('opens the /svgs icon gallery to administrators only (issue 34 item 10)', () => {
    expect(mayOpen(ROUTE_ROLES['/svgs'], ['admin'])).toBe(true);
    expect(mayOpen(ROUTE_ROLES['/svgs'], ['owner'])).toBe(false);
  });
});
