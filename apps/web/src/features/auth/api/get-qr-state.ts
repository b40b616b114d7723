/**
 * GET /owner_api/auth/owner/qrcode/state?qrcodeId=&tscode= (spec §7): waiting, scanned, confirmed
 * (with the one-time getToken) or expired. Polled every 2 s while the code can still change.
 */
import type { QrStateSchema } from '@ems/contract/api/qr';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';
import type { QrCode } from './get-qr-code';

/** The code's state and, once confirmed, getToken. */
export type QrState = z.infer<typeof QrStateSchema>;

/** How often the sign-in page asks (issue 3 §5). */
export const QR_POLL_MS = 2000;

/** Reads the state of `code`. */
export function getQrState(code: QrCode, signal?: AbortSignal): Promise<QrState> {
  return api.get<QrState>(
    '/auth/owner/qrcode/state',
    { qrcodeId: code.qrcodeId, tscode: code.tscode },
    signal,
  );
}

/** Polling stops once the code is confirmed or expired, or a poll failed. */
export function qrStateQueryOptions(code: QrCode) {
  return queryOptions({
    queryKey: ['auth', 'qr-state', code.qrcodeId],
    queryFn: ({ signal }) => getQrState(code, signal),
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false; // the page offers a refresh instead
      const state = query.state.data?.state;
      return state === 'confirmed' || state === 'expired' ? false : QR_POLL_MS;
    },
    refetchIntervalInBackground: true,
    retry: false,
  });
}

/** The live state of `code`; idle without a code. */
export function useQrState(code: QrCode | undefined) {
  return useQuery({
    ...qrStateQueryOptions(code ?? { qrcodeId: '', tscode: '', url: '', expiresAt: '' }),
    enabled: Boolean(code),
  });
}
