import { CHARGER_ACTIONS, CHARGER_COMMAND_STATES } from '@ems/contract/api/ocpp-charger';
import { describe, expect, it } from 'vitest';
import { anyPending, commandStateColor, connectorColor, isPending } from './charger-status';

describe('connectorColor', () => {
  it('shows a free connector green, a charging one blue and a fault red', () => {
    expect(connectorColor('Available')).toBe('green');
    expect(connectorColor('Charging')).toBe('blue');
    expect(connectorColor('Faulted')).toBe('red');
  });
  it('shows a status OCPP does not name grey', () => {
    expect(connectorColor('Exploded')).toBe('default');
  });
});

describe('command states', () => {
  it('waits while queued or sent, and no longer once answered, timed out or failed', () => {
    expect(isPending('queued')).toBe(true);
    expect(isPending('sent')).toBe(true);
    for (const s of ['accepted', 'rejected', 'timedOut', 'failed'] as const) expect(isPending(s)).toBe(false);
    expect(anyPending([{ state: 'accepted' }, { state: 'sent' }])).toBe(true);
    expect(anyPending([{ state: 'accepted' }, { state: 'failed' }])).toBe(false);
  });
  it('colours the charger’s yes green and its no red', () => {
    expect(commandStateColor('accepted')).toBe('success');
    expect(commandStateColor('rejected')).toBe('error');
    expect(commandStateColor('sent')).toBe('processing');
  });
});

describe('translations', () => {
  it('name every command state and action the contract knows, in every complete language', async () => {
    for (const lang of ['en-US', 'zh-CN', 'pt-BR', 'cs-CZ']) {
      const { ocpp } = (await import(`../../../locales/${lang}/ocpp.json`)).default as {
        ocpp: { state: Record<string, string>; action: Record<string, string> };
      };
      for (const s of CHARGER_COMMAND_STATES) expect(ocpp.state[s], `${lang} state ${s}`).toBeTruthy();
      for (const a of CHARGER_ACTIONS) expect(ocpp.action[a], `${lang} action ${a}`).toBeTruthy();
    }
  });
});
