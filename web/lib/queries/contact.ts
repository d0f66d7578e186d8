import { useMutation } from "@tanstack/react-query";
import type { ContactMessage, OkResponse } from "#schema/api.ts";
import { apiRequest } from "../api";

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) => apiRequest<OkResponse>("POST", "/api/contact", message),
  });
}
