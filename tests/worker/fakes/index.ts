// Every fake service the worker tests talk to. Each owns a path prefix on one local server;
// the behaviour a test wants (ok, slow, garbage, error) is chosen by the path, so parallel
// test files never share state.
import { azuracast } from "./azuracast.ts";
import { resendFake } from "./resend.ts";
import type { FakeHandler } from "./types.ts";
import { widget } from "./widget.ts";

export const fakeHandlers: FakeHandler[] = [resendFake, azuracast, widget];
