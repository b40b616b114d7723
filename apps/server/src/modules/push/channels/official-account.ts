/**
 * The messaging-service official account (issue 20 §4, docs/push.md "Official account"): WeChat
 * Official Account template messages to the openid a user bound by scanning a QR code. Set up once the
 * administrator saved the account's settings. A recipient that no longer follows the account (43004)
 * or is not the account's (40003), or that was unbound meanwhile, ends the delivery as failed
 * (`push.reason.unbound`) and loses its binding; quota, busy and network errors throw, so the delivery
 * job retries with backoff.
 */
import { sendTemplateMessage } from '../account/api';
import { AccountApiError, UNBOUND_ERRORS } from '../account/http';
import { bindingOf, isBound, unbindOpenid } from '../account/repo';
import { readAccountSettings } from '../account/settings';
import { templateOf } from '../account/template';
import type { PushChannelImpl } from '../channel';
import { maskId } from '../mask';

const UNBOUND = { status: 'gone', reason: 'push.reason.unbound' } as const;

export const officialAccountChannel: PushChannelImpl = {
  channel: 'officialAccount',
  isSetUp: async ({ db }) => (await readAccountSettings(db.db)) !== null,
  // Messages wait in the log until the administrator saves the settings (issue 20 §4: nothing is lost).
  waitsUntilSetUp: true,
  recipients: async ({ db }, userId) => {
    const binding = await bindingOf(db.db, userId);
    return binding ? [{ recipient: binding.openid, label: maskId(binding.openid) }] : [];
  },
  label: async (_deps, recipient) => maskId(recipient),
  send: async ({ db, log }, delivery) => {
    const account = await readAccountSettings(db.db);
    if (!account) throw new Error('the official account is not set up');
    if (!(await isBound(db.db, delivery.userId, delivery.recipient))) return UNBOUND;
    const { templateId, data } = templateOf(account, delivery);
    try {
      await sendTemplateMessage(db.db, account, {
        touser: delivery.recipient,
        template_id: templateId,
        url: delivery.message.link,
        data,
      });
      return { status: 'sent' };
    } catch (err) {
      if (err instanceof AccountApiError && UNBOUND_ERRORS.has(err.errcode)) {
        await unbindOpenid(db.db, delivery.recipient);
        log.info({ delivery: delivery.id, errcode: err.errcode }, 'official account recipient unbound');
        return UNBOUND;
      }
      throw err;
    }
  },
};
