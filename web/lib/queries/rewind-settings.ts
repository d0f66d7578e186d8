// The operator's rewind settings (ADR 042), the admin's: read and saved at /api/rewind/settings.
// Saving also drops the client config, which carries them to the player.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { RewindSettings, RewindSettingsAnswer } from "#schema/api/rewind.ts";
import { apiRequest } from "../api";
import { clientConfigQueryKey } from "./config";

const settingsPath = "/api/rewind/settings";

export const rewindSettingsQueryOptions = () =>
  queryOptions<RewindSettingsAnswer>({ queryKey: [settingsPath] });

export function useSaveRewindSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: RewindSettings) => apiRequest<RewindSettingsAnswer>("PUT", settingsPath, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(rewindSettingsQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: clientConfigQueryKey });
    },
  });
}
