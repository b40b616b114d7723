/** Texts of outgoing mail, in the recipient's language (catalogue keys mail.* of the contract). */
import type { LanguageCode } from '@ems/contract/constants';
import { translate } from '@ems/contract/messages';
import type { MailMessage } from './outbox';

/** The verification-code mail (account.* flows) for `to` in `language`. */
export function codeMail(to: string, code: string, language: LanguageCode): MailMessage {
  return {
    to,
    subject: translate('mail.codeSubject', language),
    body: translate('mail.codeBody', language, { code }),
  };
}

/** The console's SMTP test mail. */
export function testMail(to: string, language: LanguageCode): MailMessage {
  return { to, subject: translate('mail.testSubject', language), body: translate('mail.testBody', language) };
}
