/** POST /owner_api/auth/owner/qrcode/scan (signed-in phone): marks the code scanned, tells who asks. */
import type { QrRequesterSchema } from '@ems/contract/api/qr';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** The asking browser, its address, when it asked, and the code's state. */
export type QrRequester = z.infer<typeof QrRequesterSchema>;

/** Scans `qrcodeId`. */
export function scanQrCode(qrcodeId: string): Promise<QrRequester> {
  return api.post<QrRequester>('/auth/owner/qrcode/scan', { qrcodeId });
}

/** One scan per opened page (the answer does not change while the phone decides). */
export function scanQueryOptions(qrcodeId: string) {
  return queryOptions({
    queryKey: ['auth', 'qr-scan', qrcodeId],
    queryFn: () => scanQrCode(qrcodeId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
