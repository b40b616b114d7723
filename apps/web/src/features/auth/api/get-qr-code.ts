/** GET /owner_api/auth/owner/qrcode?platform=2 (spec §7 QR-code login): a new code for this browser. */
import type { QrCodeSchema } from '@ems/contract/api/qr';
import { QR_PLATFORM } from '@ems/contract/constants';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** qrcodeId, the browser's secret tscode, the URL the QR encodes and when it expires. */
export type QrCode = z.infer<typeof QrCodeSchema>;

/** Asks for a new QR code. */
export function getQrCode(signal?: AbortSignal): Promise<QrCode> {
  return api.get<QrCode>('/auth/owner/qrcode', { platform: QR_PLATFORM }, signal);
}
