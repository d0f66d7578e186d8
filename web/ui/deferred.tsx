// Parts of a page that hydrate after the rest (ADR 015): the prerendered HTML shows them at
// once, but their code is a lazy chunk, so the first hydration covers only what a visitor
// touches first (header, hero, player bar) and each deferred part hydrates in its own task
// when its chunk arrives. React keeps the server HTML of a part until then, so nothing shifts.
// A part below the fold can wait to be seen (`whenVisible`, ADR 047): its chunk loads and it
// hydrates once it nears the viewport, so a phone spends nothing on it as the page starts.
//
// A part still waiting must not receive an update (new props or a changed context above it),
// or React replaces its server HTML with a fresh render: hence memo, parts without props or
// with props that do not change during start-up, and a player context that never changes
// (features/player/audio-provider.tsx). A part with markup in the prerendered page imports no
// stylesheet: its parent in the first load does, so the page inlines it and paints complete.
import {
  type ComponentType,
  createContext,
  lazy,
  memo,
  Suspense,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { whenIdle } from "#web/lib/idle.ts";
import { onceNear } from "./near-viewport";

const FirstRenderContext = createContext(false);

/**
 * True during a deferred part's first render, which hydrates the server's HTML. Data the first
 * load fetched meanwhile (now playing, the pages) must wait for the next render, which follows
 * in a transition once the part has hydrated: shown at once, it would not match the HTML, and
 * React would throw the part's HTML away.
 */
function useDeferredFirstRender(): boolean {
  return useContext(FirstRenderContext);
}

/** Query data as a deferred part may show it: nothing during its first render (see above). */
export function useDataAfterFirstRender<T>(data: T | undefined): T | undefined {
  return useDeferredFirstRender() ? undefined : data;
}

const subscribeNever = () => () => {};

/**
 * False while React hydrates this component from the server's HTML, true in every other render.
 * The page's content is a Suspense boundary that React hydrates after the shell: by then the
 * shell may have fetched now playing or the current user, and showing it at once would not
 * match the HTML (React would throw the content away, and a click on it would be lost).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

function FirstRender({ children }: { children: React.ReactNode }) {
  // Only a part that hydrates the server's HTML holds its data back; one mounted in the browser
  // (back on the home page, a page rendered rather than hydrated) shows it in its first render.
  const [first, setFirst] = useState(!useHydrated());
  // The render that shows the data is a transition: React renders it in slices after the
  // part's hydration has committed, not inside that commit as one long task.
  useEffect(() => startTransition(() => setFirst(false)), []);
  return <FirstRenderContext value={first}>{children}</FirstRenderContext>;
}

/** React.lazy of a loader that gives the component itself, not a module with a default export. */
function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}

/**
 * Resolves once an element of `wrapper` comes near the viewport (web/ui/near-viewport.ts), or at
 * once when the wrapper holds no element (the part renders in the browser, not from the server's
 * HTML) or the browser cannot tell.
 */
function whenSeen(wrapper: HTMLElement | null, seen: () => void): (() => void) | undefined {
  if (!wrapper || wrapper.children.length === 0 || typeof IntersectionObserver !== "function") {
    seen();
    return undefined;
  }
  const stop = () => {
    stopWatching();
    removed.disconnect();
  };
  const done = () => {
    stop();
    seen();
  };
  const stopWatching = onceNear(wrapper.children, done);
  // Should React ever throw the server's HTML away (an update reached the waiting part), the part
  // loads at once rather than leave its place empty.
  const removed = new MutationObserver(() => wrapper.children.length === 0 && done());
  removed.observe(wrapper, { childList: true });
  return stop;
}

export type DeferredOptions = {
  /**
   * Load and hydrate the part only once it nears the viewport (ADR 047): below the fold, it costs
   * a phone nothing as the page starts. Its server HTML shows until then; it sits in a wrapper
   * with `display: contents`, whose elements say where the part is.
   */
  whenVisible?: boolean;
};

let prerendering = false;

/** The prerender (web/entry-server.tsx) renders every part whole: the server's HTML holds them all. */
export function prerenderEveryPart(): void {
  prerendering = true;
}

export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { whenVisible = false }: DeferredOptions = {},
): ComponentType<P> {
  // One part per page: seen once, its code stays loaded for every later mount.
  let seen = () => {};
  const wasSeen = new Promise<void>((resolve) => {
    seen = resolve;
  });
  const Lazy = lazyComponent(() => (whenVisible && !prerendering ? wasSeen.then(load) : load()));
  // A factory like React.lazy, called once per part at module level, never during a render.
  // biome-ignore lint/correctness/noComponentHookFactories: see above
  return memo(function Deferred(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    useEffect(() => (whenVisible ? whenSeen(wrapper.current, seen) : undefined), []);
    const part = (
      <Suspense fallback={null}>
        <FirstRender>
          <Lazy {...props} />
        </FirstRender>
      </Suspense>
    );
    return whenVisible ? (
      <div ref={wrapper} className="deferred-part">
        {part}
      </div>
    ) : (
      part
    );
  });
}

/**
 * A part with no markup in the prerendered page (the live connection, a closed dialog): not
 * hydrated with the deferred parts, whose effects all run in one task as they hydrate together
 * (React commits them as one), but mounted once the browser is idle after that, so its effects
 * run in tasks of their own (ADR 045). Server and first render show nothing, as the page does.
 */
export function afterIdle(load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazyComponent(load);
  // A factory like React.lazy, called once per part at module level, never during a render.
  // biome-ignore lint/correctness/noComponentHookFactories: see above
  return memo(function AfterIdle() {
    const [mounted, setMounted] = useState(false);
    useEffect(() => whenIdle(() => startTransition(() => setMounted(true)), { timeout: 2000 }), []);
    return mounted ? (
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    ) : null;
  });
}
