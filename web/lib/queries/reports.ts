// Performance reports (ADR 038), the admin's: a period's summary, who files, a recording's ISRC
// and label, and the downloads (plain links: the session cookie goes with them). Keys are the
// API paths.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReportFiler, ReportSummary, SetRecordingCodes } from "#schema/api/reports.ts";
import { apiRequest } from "../api";

const reportsPath = "/api/reports";
export type Period = { from: string; to: string };
const periodQuery = (p: Period) => `from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}`;

export const reportSummaryQueryOptions = (period: Period) =>
  queryOptions<ReportSummary>({ queryKey: [`${reportsPath}/summary?${periodQuery(period)}`] });

export const reportFilerQueryOptions = () =>
  queryOptions<{ filer: ReportFiler | null }>({ queryKey: [`${reportsPath}/filer`] });

export const soundExchangeHref = (period: Period) => `${reportsPath}/soundexchange?${periodQuery(period)}`;
export const playsCsvHref = (period: Period) => `${reportsPath}/plays?${periodQuery(period)}`;

export function useSaveReportFiler() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filer: ReportFiler) =>
      apiRequest<{ filer: ReportFiler }>("PUT", `${reportsPath}/filer`, filer),
    onSuccess: (saved) => queryClient.setQueryData(reportFilerQueryOptions().queryKey, saved),
  });
}

export function useSetRecordingCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { title: string; artist: string; isrc: string; label: string }) =>
      apiRequest<SetRecordingCodes>("PUT", `${reportsPath}/recording`, input),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith(`${reportsPath}/summary`),
      }),
  });
}

/** The last whole calendar month (UTC): what a monthly report covers. */
export function lastMonth(now = new Date()): Period {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
