/** One social action: run it, toast the catalogue's success text or the refusal's msg (spec §8), refresh. */
import type { QueryClient } from '@tanstack/react-query';
import { catalogueText } from '../../../shared/form/zod-rule';
import { toastUnlessShown } from '../../../shared/http/api-error';
import { i18n } from '../../../shared/i18n/i18n';
import { toastSuccess } from '../../../shared/ui/feedback';
import { refreshSocial } from '../api/social-api';

/**
 * Runs `action`; on success shows `okKey` (a messages.ts key) and refetches the social lists and badges.
 * A refusal (HTTP 200, non-zero status) shows its msg, as spec §8 says of friends and share; a transport
 * error was shown by the client already.
 * @returns true when it succeeded.
 */
export async function runAction(
  client: QueryClient,
  action: () => Promise<unknown>,
  okKey: string,
): Promise<boolean> {
  try {
    await action();
    toastSuccess(catalogueText(okKey));
    return true;
  } catch (e) {
    toastUnlessShown(e, i18n.t('common.errors.generic'));
    return false;
  } finally {
    await refreshSocial(client);
  }
}
