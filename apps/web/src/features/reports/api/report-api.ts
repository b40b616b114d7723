/**
 * Report calls (contract api/report.ts): GET report/summary for the page and GET report/export for
 * the .xlsx / CSV file. The export answers a file, or an error envelope (导出失败, spec §8).
 */
import type { Report } from '@ems/contract/api/report';
import { API_PREFIX, LANGUAGE_HEADER, TOKEN_HEADER } from '@ems/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/client';
import { buildQuery } from '../../../shared/http/query-string';
import { currentLanguageId } from '../../../shared/i18n/current-language';
import { getToken } from '../../../shared/session/cookies';

/** Scope and period of a report: ids, else the caller's group `groupId`, else all of the caller's sites. */
export interface ReportParams {
  stationIds: number[];
  groupId?: number;
  statisticsType: 1 | 2 | 3;
  searchDate: string;
}

/** The report of `p`. */
export function useReport(p: ReportParams) {
  return useQuery({
    queryKey: ['reports', 'summary', p],
    queryFn: ({ signal }) => api.get<Report>('/webpvesc/ajax/report/summary', { ...p }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Thrown when the export answered no file; `message` is the server's msg, if any. */
export class ExportError extends Error {}

/**
 * Downloads a file call (`path` under /owner_api with `params`) and hands it to the browser.
 * @throws ExportError when the server answers an error envelope or the network fails.
 */
export async function downloadFile(
  path: string,
  params: Record<string, string | number | number[] | null>,
  fallbackName: string,
): Promise<void> {
  const languageId = currentLanguageId();
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: String(languageId) };
  const token = getToken();
  if (token) headers[TOKEN_HEADER] = token;
  const url = `${API_PREFIX}${path}${buildQuery({ ...params, languageId })}`;
  let res: Response;
  try {
    res = await fetch(url, { headers, credentials: 'include' });
  } catch {
    throw new ExportError('');
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new ExportError(body?.msg ?? '');
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * Downloads the report as `format`.
 * @throws ExportError as downloadFile.
 */
export function downloadReport(p: ReportParams, format: 'xlsx' | 'csv'): Promise<void> {
  return downloadFile(
    '/webpvesc/ajax/report/export',
    { ...p, groupId: p.groupId ?? null, format },
    `report.${format}`,
  );
}
