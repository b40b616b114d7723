/** POST /owner_api/auth/owner/register/verifyUserName (spec §7): is a login name still free? */
import type { UserNameAvailabilitySchema } from '@ems/contract/api/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/http/client';

/** `{available}` of the contract. */
export type UserNameAvailability = z.infer<typeof UserNameAvailabilitySchema>;

/** Asks whether `userName` is free (case-insensitive on the server). */
export function verifyUserName(userName: string): Promise<UserNameAvailability> {
  return api.post<UserNameAvailability>('/auth/owner/register/verifyUserName', { userName });
}

/** The answer for one name is kept a minute: typing back and forth does not ask again. */
export function userNameQueryOptions(userName: string) {
  return queryOptions({
    queryKey: ['account', 'user-name', userName.toLowerCase()],
    queryFn: () => verifyUserName(userName),
    staleTime: 60_000,
    retry: false,
  });
}

/** Availability of `userName`; idle while it is null (empty or not yet well-formed). */
export function useUserNameAvailability(userName: string | null) {
  return useQuery({ ...userNameQueryOptions(userName ?? ''), enabled: userName !== null });
}
