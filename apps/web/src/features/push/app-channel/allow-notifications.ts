/**
 * The one-tap "Allow notifications" (issue 34 item 2): this device's permission and Web Push
 * subscription, an alarm rule that pushes to the app (the default one, made when the user has none),
 * and a test notification, so that the phone gets alarms from the first sign-in.
 */
import { PUSH_LEVEL_NAMES, type PushRule } from '@ems/contract/api/push';
import { api } from '../../../shared/http/client';
import { currentLanguageId } from '../../../shared/i18n/current-language';
import { sendTest, type TestResult } from '../api/push-channels';
import { PUSH_API, type PushRuleBody, saveRule } from '../api/push-rules';
import { enableAppPush } from './browser-push';

/**
 * The rule to save so that alarms reach the app: none when an enabled alarm rule already pushes to it,
 * else the default rule of spec §4's every level, every site, to the app, in `languageId`.
 */
export function defaultAppRule(rules: readonly PushRule[], languageId: number): PushRuleBody | null {
  if (rules.some((r) => r.kind === 'alarm' && r.enabled && r.channels.includes('app'))) return null;
  return {
    kind: 'alarm',
    channels: ['app'],
    alarmLevels: [...PUSH_LEVEL_NAMES],
    receiveLanguageId: languageId,
  } as PushRuleBody;
}

/**
 * Asks the permission, subscribes this device, makes sure an alarm rule pushes to the app and sends a
 * test there. @returns the test's result. @throws AppPushError or the API's error.
 */
export async function allowNotifications(): Promise<TestResult> {
  await enableAppPush();
  const rules = await api.get<PushRule[]>(`${PUSH_API}/config/list`);
  const rule = defaultAppRule(rules, currentLanguageId());
  if (rule) await saveRule(rule);
  return sendTest('app');
}
