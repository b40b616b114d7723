/** One social action: run it, toast the catalogue's success text, refresh; failures were already shown. */
import type { QueryClient } from '@tanstack/react-query';
import { catalogueText } from '../../../shared/form/zod-rule';
import { toastSuccess } from '../../../shared/ui/feedback';
import { refreshSocial } from '../api/social-api';

/**
 * Runs `action`; on success shows `okKey` (a messages.ts key) and refetches the social lists and badges.
 * @returns true when it succeeded (the API client already toasted a failure's msg).
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
  } catch {
    return false;
  } finally {
    await refreshSocial(client);
  }
}
