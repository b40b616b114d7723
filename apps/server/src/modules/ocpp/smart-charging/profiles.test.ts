/** Issue 22 item 5: the site limit's OCPP calls are valid OCPP 1.6J (the OCA's schemas and ocpp-rpc's). */
import standardValidators from 'ocpp-rpc/lib/standard-validators';
import { describe, expect, it } from 'vitest';
import { ocaValid } from '../test-ocpp';
import { clearSiteLimit, perConnectorW, SITE_LIMIT_PROFILE_ID, siteLimitProfile } from './profiles';

describe('site limit profiles', () => {
  const set = siteLimitProfile(3666, new Date('2026-03-01T10:00:00Z'));

  it('is a TxDefaultProfile on connector 0 in watts, valid against the 1.6J schema', () => {
    expect(set).toEqual({
      connectorId: 0,
      csChargingProfiles: {
        chargingProfileId: SITE_LIMIT_PROFILE_ID,
        stackLevel: 1,
        chargingProfilePurpose: 'TxDefaultProfile',
        chargingProfileKind: 'Absolute',
        chargingSchedule: {
          startSchedule: '2026-03-01T10:00:00.000Z',
          chargingRateUnit: 'W',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 3666 }],
        },
      },
    });
    expect(ocaValid('SetChargingProfile', set)).toBe(true);
    expect(ocaValid('SetChargingProfile', { ...set, connectorId: undefined })).toBe(false);
    expect(ocaValid('ClearChargingProfile', clearSiteLimit())).toBe(true);
    expect(clearSiteLimit()).toEqual({ id: SITE_LIMIT_PROFILE_ID });
  });

  it('passes ocpp-rpc’s own 1.6 validator (what a strict charger checks)', () => {
    const validator = standardValidators.find((v) => v.subprotocol === 'ocpp1.6')!;
    expect(() => validator.validate('urn:SetChargingProfile.req', set)).not.toThrow();
    expect(() => validator.validate('urn:ClearChargingProfile.req', clearSiteLimit())).not.toThrow();
    expect(() => validator.validate('urn:SetChargingProfile.req', { connectorId: 0 })).toThrow();
  });

  it('divides a charger’s share among its outlets', () => {
    expect(perConnectorW(7400, 1)).toBe(7400);
    expect(perConnectorW(7401, 2)).toBe(3700);
    expect(perConnectorW(7400, 0)).toBe(7400);
  });
});
