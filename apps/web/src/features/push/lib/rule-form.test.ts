import type { PushRule } from '@ems/contract/api/push';
import { PushRuleSaveSchema } from '@ems/contract/api/push';
import { describe, expect, it } from 'vitest';
import { newRuleValues, ruleBody, ruleFieldIssue, ruleValues, toggledBody } from './rule-form';

const saved: PushRule = {
  id: 7,
  kind: 'generation',
  channels: ['email', 'app'],
  stationIds: [3],
  deviceIds: [],
  alarmLevels: [],
  notifyCleared: false,
  period: 'week',
  pushTime: '07:30',
  receiveLanguageId: 2,
  mailboxIds: [11],
  quietFrom: null,
  quietTo: null,
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('push rule form', () => {
  it('starts as a valid alarm rule of every level by e-mail', () => {
    const body = ruleBody(newRuleValues(1));
    expect(body).toMatchObject({
      kind: 'alarm',
      channels: ['email'],
      alarmLevels: ['general', 'serious', 'fatal'],
    });
    expect(body).not.toHaveProperty('period');
    expect(PushRuleSaveSchema.safeParse(body).success).toBe(true);
  });

  it('sends only the chosen kind’s fields: a report drops levels, devices and quiet hours', () => {
    const values = {
      ...newRuleValues(1),
      kind: 'data' as const,
      deviceIds: [5],
      quietFrom: '22:00',
      quietTo: '06:00',
    };
    expect(ruleBody(values)).toMatchObject({
      kind: 'data',
      period: 'day',
      pushTime: '08:00',
      alarmLevels: [],
      deviceIds: [],
      quietFrom: null,
      quietTo: null,
      notifyCleared: false,
    });
  });

  it('drops the mailboxes when e-mail is not a channel', () => {
    const values = { ...newRuleValues(1), channels: ['app' as const], mailboxIds: [4] };
    expect(ruleBody(values).mailboxIds).toEqual([]);
    expect(ruleBody({ ...values, channels: ['email', 'app'] }).mailboxIds).toEqual([4]);
  });

  it('reads a saved rule back into the same body, with its id', () => {
    expect(ruleBody(ruleValues(saved), saved.id)).toEqual({
      id: 7,
      kind: 'generation',
      channels: ['email', 'app'],
      stationIds: [3],
      deviceIds: [],
      alarmLevels: [],
      notifyCleared: false,
      period: 'week',
      pushTime: '07:30',
      receiveLanguageId: 2,
      mailboxIds: [11],
      quietFrom: null,
      quietTo: null,
      enabled: true,
    });
    expect(toggledBody(saved, false)).toMatchObject({ id: 7, enabled: false, period: 'week' });
  });

  it('says each cross-field rule of the contract on the field it names', () => {
    const alarm = newRuleValues(1);
    expect(ruleFieldIssue({ ...alarm, alarmLevels: [] }, 'alarmLevels')?.message).toBe('push.levelRequired');
    expect(ruleFieldIssue({ ...alarm, channels: [] }, 'channels')?.message).toBe('push.channelRequired');
    expect(ruleFieldIssue({ ...alarm, quietFrom: '22:00' }, 'quietTo')?.message).toBe('push.quietBothEnds');
    const report = { ...alarm, kind: 'alarmReport' as const };
    expect(ruleFieldIssue({ ...report, period: null }, 'period')?.message).toBe('push.periodRequired');
    expect(ruleFieldIssue({ ...report, pushTime: null }, 'pushTime')?.message).toBe('push.timeRequired');
    const many = Array.from({ length: 11 }, (_, i) => i + 1);
    expect(ruleFieldIssue({ ...alarm, stationIds: many }, 'stationIds')?.message).toBe('push.tooMany');
    // A field of another kind never speaks: no levels on a report rule is fine.
    expect(ruleFieldIssue({ ...report, alarmLevels: [] }, 'alarmLevels')).toBeNull();
  });
});
