/**
 * The app channel's calls (issue 20 §4, contract api/push.ts): the VAPID public key this browser
 * subscribes with, and telling the server about this browser's subscription or its end.
 */
import type { AppKeySchema, AppSubscribeSchema, AppUnsubscribeSchema } from '@ems/contract/api/push';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

const APP = '/webpvesc/ajax/push/app';

/** Body of push/app/subscribe without languageId (the client adds it). */
export type AppSubscription = Omit<z.input<typeof AppSubscribeSchema>, 'languageId'>;

/** GET push/app/key: the platform's VAPID public key, base64url (RFC 8292). */
export const fetchAppKey = async () => (await api.get<z.infer<typeof AppKeySchema>>(`${APP}/key`)).publicKey;

/** POST push/app/subscribe: the server sends this user's pushes to `sub` from now on. */
export const saveAppSubscription = (sub: AppSubscription) => api.post<null>(`${APP}/subscribe`, sub);

/** POST push/app/unsubscribe: the server stops sending to `endpoint`. */
export const dropAppSubscription = (endpoint: z.input<typeof AppUnsubscribeSchema>['endpoint']) =>
  api.post<null>(`${APP}/unsubscribe`, { endpoint });
