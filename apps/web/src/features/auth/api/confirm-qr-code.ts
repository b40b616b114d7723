/** POST /owner_api/auth/owner/qrcode/confirm (signed-in phone): approve or refuse the desktop's sign-in. */
import { api } from '../../../shared/http/client';

/** `approve` false cancels the code (the desktop sees it expired). */
export function confirmQrCode(qrcodeId: string, approve: boolean): Promise<unknown> {
  return api.post<unknown>('/auth/owner/qrcode/confirm', { qrcodeId, approve });
}
