/** Station templates by code (GET station/templates), session-stored reference data (spec §3). */
import { useQuery } from '@tanstack/react-query';
import { templatesQueryOptions } from '../../../shared/domain/reference-queries';

export { templatesQueryOptions };

/** Template names by templateCode (empty until loaded). */
export function useTemplateNames(): Map<string, string> {
  const { data } = useQuery(templatesQueryOptions());
  return new Map((data ?? []).map((t) => [t.templateCode, t.name]));
}
