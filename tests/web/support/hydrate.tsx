// Hydrating server HTML as web/main.tsx does: in a transition, with React's recoverable errors
// (a mismatch, a part whose server HTML was thrown away) kept for the test to check.
import { act } from "@testing-library/react";
import { type ReactNode, startTransition } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { vi } from "vitest";

export async function hydrateAsTheApp(container: Element, element: ReactNode) {
  const recoverable = vi.fn();
  let root: Root | undefined;
  await act(async () => {
    startTransition(() => {
      root = hydrateRoot(container, element, { onRecoverableError: recoverable });
    });
  });
  return { recoverable, unmount: () => act(() => root?.unmount()) };
}
