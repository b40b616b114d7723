import type { CommandRow } from '@ems/contract/api/device-commands';
import { PARAM_DEFAULTS, PARAM_KEYS, type TouSlot } from '@ems/contract/api/device-params';
import { translate } from '@ems/contract/messages';
import { describe, expect, it } from 'vitest';
import { issueText } from '../../../shared/form/zod-rule';
import {
  changedParams,
  type FieldPath,
  fieldPathOf,
  formBase,
  formValuesOf,
  groupParams,
  issueAt,
  type ParamFormValues,
  pendingByParam,
  withValueAt,
} from './param-form';

const command = (commandId: string, params: Record<string, unknown>): CommandRow => ({
  commandId,
  deviceId: 1,
  deviceName: 'Hybrid 1',
  userName: 'demo',
  ip: null,
  params,
  before: {},
  state: 'sent',
  reason: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  sentAt: null,
  ackedAt: null,
  verifiedAt: null,
  endedAt: null,
});

const slot = (start: string, end: string): TouSlot => ({
  start,
  end,
  kind: 'valley',
  action: 'charge',
  powerW: 3000,
});

/** What the form says at `path` for `values` (defaults elsewhere), in `language`; null when fine. */
function said(values: Partial<ParamFormValues>, path: FieldPath, language = 'en-US'): string | null {
  const issue = issueAt({ ...PARAM_DEFAULTS, ...values }, path);
  return issue ? issueText(issue, language) : null;
}

describe('the Parameters form (issue 21 item 5)', () => {
  it('starts from the defaults, then what the device reported, then the pending commands in order', () => {
    const base = formBase({
      reported: { socLowerOnGrid: 30, generatorMode: 'auto', unknownPoint: 5 },
      pending: [
        command('a', { socLowerOnGrid: 40, wiring: 'threeWire' }),
        command('b', { socLowerOnGrid: 45 }),
      ],
    });
    expect(base.socLowerOnGrid).toBe(45);
    expect(base.generatorMode).toBe('auto');
    expect(base.wiring).toBe('threeWire');
    expect(base.socLowerOffGrid).toBe(PARAM_DEFAULTS.socLowerOffGrid);
    expect(base).not.toHaveProperty('unknownPoint');
  });

  it('sends only the values that differ from what the device has or is about to have', () => {
    const base = formBase({ reported: { socLowerOnGrid: 30 }, pending: [] });
    expect(changedParams(base, { ...base }, PARAM_KEYS)).toEqual({});
    expect(changedParams(base, { ...base, socLowerOnGrid: 35, calBatteryVoltageA: 1 }, PARAM_KEYS)).toEqual({
      socLowerOnGrid: 35,
    });
    // A parameter the device type lacks is never sent, whatever the form holds.
    expect(changedParams(base, { ...base, wiring: 'threeWire' }, ['socLowerOnGrid'])).toEqual({});
  });

  it('shows a battery power limit that means no limit as an empty field, and an emptied one as no limit', () => {
    // Nothing reported yet (the default), or a device reporting the top: "No limit", not "100000 W".
    const fresh = formBase({ reported: {}, pending: [] });
    expect(formValuesOf(fresh).chargePowerMaxW).toBeNull();
    expect(formValuesOf(fresh).dischargePowerMaxW).toBeNull();
    expect(changedParams(fresh, formValuesOf(fresh), PARAM_KEYS)).toEqual({});
    expect(said(formValuesOf(fresh), ['chargePowerMaxW'])).toBeNull();
    // A gateway's 6 kW inverter reports its own rating (WChaMax) when not limited: shown as it is.
    const rated = formBase({ reported: { chargePowerMaxW: 6000, dischargePowerMaxW: 3000 }, pending: [] });
    expect(formValuesOf(rated).chargePowerMaxW).toBe(6000);
    // Typing a limit sends it; emptying a limit sends "no limit".
    expect(changedParams(fresh, { ...formValuesOf(fresh), chargePowerMaxW: 2500 }, PARAM_KEYS)).toEqual({
      chargePowerMaxW: 2500,
    });
    expect(changedParams(rated, { ...formValuesOf(rated), dischargePowerMaxW: null }, PARAM_KEYS)).toEqual({
      dischargePowerMaxW: 100_000,
    });
    // Other numbers keep their value, and a cleared one is still wrong.
    expect(formValuesOf(fresh).exportLimitW).toBe(0);
    expect(said({ socLowerOnGrid: null }, ['socLowerOnGrid'])).not.toBeNull();
  });

  it('sends the periods as a whole, each with exactly its five fields', () => {
    const base = formBase({ reported: { touSlots: [slot('00:00', '06:00')] }, pending: [] });
    const typed = { ...slot('00:00', '06:00'), extra: 'from the inputs' } as TouSlot;
    expect(changedParams(base, { touSlots: [typed] }, PARAM_KEYS)).toEqual({});
    const two = [slot('00:00', '06:00'), slot('22:00', '24:00')];
    expect(changedParams(base, { touSlots: two }, PARAM_KEYS)).toEqual({ touSlots: two });
  });

  it('says spec §5 on the SOC limit being changed, in the caller’s language, and allows a gap of 10', () => {
    const onGrid = translate('params.socGapOnGrid', 'en-US');
    expect(said({ socLowerOnGrid: 15, socLowerOffGrid: 10 }, ['socLowerOnGrid'])).toBe(onGrid);
    expect(said({ socLowerOnGrid: 20, socLowerOffGrid: 15 }, ['socLowerOffGrid'], 'zh-CN')).toBe(
      translate('params.socGapOffGrid', 'zh-CN'),
    );
    expect(said({ socLowerOnGrid: 20, socLowerOffGrid: 10 }, ['socLowerOnGrid'])).toBeNull();
    expect(said({ socLowerOnGrid: 80, socLowerOffGrid: 70 }, ['socLowerOffGrid'])).toBeNull();
  });

  it('keeps each SOC limit within 5–80 %, and says a cleared one is wrong', () => {
    const range = translate('common.outOfRange', 'pt-BR');
    expect(said({ socLowerOnGrid: 81 }, ['socLowerOnGrid'], 'pt-BR')).toBe(range);
    expect(said({ socLowerOffGrid: 4 }, ['socLowerOffGrid'], 'pt-BR')).toBe(range);
    expect(said({ socLowerOnGrid: 5, socLowerOffGrid: 5 }, ['socLowerOffGrid'])).not.toBeNull();
    expect(said({ socLowerOnGrid: null }, ['socLowerOnGrid'])).not.toBeNull();
  });

  it('checks the periods: a time, an end after the start, no overlap', () => {
    expect(said({ touSlots: [slot('7:00', '08:00')] }, ['touSlots', 0, 'start'])).toBe(
      translate('validation.time', 'en-US'),
    );
    expect(said({ touSlots: [slot('08:00', '07:00')] }, ['touSlots', 0, 'end'])).toBe(
      translate('params.slotOrder', 'en-US'),
    );
    expect(
      said({ touSlots: [slot('00:00', '08:00'), slot('07:00', '09:00')] }, ['touSlots', 1, 'start']),
    ).toBe(translate('params.slotOverlap', 'en-US'));
    expect(
      said({ touSlots: [slot('00:00', '08:00'), slot('08:00', '24:00')] }, ['touSlots', 1, 'start']),
    ).toBeNull();
  });

  it('follows the newest pending command of each parameter', () => {
    const byParam = pendingByParam([
      command('a', { socLowerOnGrid: 40, wiring: 'threeWire' }),
      command('b', { socLowerOnGrid: 45 }),
    ]);
    expect(byParam.get('socLowerOnGrid')?.commandId).toBe('b');
    expect(byParam.get('wiring')?.commandId).toBe('a');
    expect(byParam.has('generatorMode')).toBe(false);
  });

  it('groups the parameters as spec §1 does and maps the server’s field back to the form', () => {
    expect(groupParams(PARAM_KEYS).map((g) => g.group)).toEqual([
      'mode',
      'battery',
      'tou',
      'soc',
      'generator',
      'antiBackflow',
      'wiring',
      'calibration',
    ]);
    expect(groupParams(['socLowerOffGrid', 'socLowerOnGrid'])).toEqual([
      { group: 'soc', keys: ['socLowerOffGrid', 'socLowerOnGrid'] },
    ]);
    expect(fieldPathOf('touSlots.1.end', PARAM_KEYS)).toEqual(['touSlots', 1, 'end']);
    expect(fieldPathOf('socLowerOnGrid', ['wiring'])).toBeNull();
    expect(fieldPathOf(undefined, PARAM_KEYS)).toBeNull();
  });

  it('checks a field with its new value in the whole form, leaving the form’s values alone', () => {
    const values = { socLowerOnGrid: 20, touSlots: [slot('00:00', '06:00')] };
    expect(withValueAt(values, ['touSlots', 0, 'end'], '07:00').touSlots?.[0]?.end).toBe('07:00');
    expect(withValueAt(values, ['socLowerOnGrid'], 30).socLowerOnGrid).toBe(30);
    expect(values.touSlots[0]?.end).toBe('06:00');
    expect(values.socLowerOnGrid).toBe(20);
  });
});
