// Rate limits count a client's network: one IPv6 subscriber holds a whole /64 and could rotate
// through it without end, so every address in a /64 shares one counter.
import { describe, expect, it } from "vitest";
import { clientNetwork } from "#worker/lib/rate-limit.ts";
import { requestLink } from "./support/auth";
import { uniqueEmail } from "./support/unique";

describe("clientNetwork", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["0:0:0:0:0:ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["[2001:db8:1:2::9]", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("counts %s as %s", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it("tells different /64s apart", () => {
    expect(clientNetwork("2001:db8:1:2::1")).not.toBe(clientNetwork("2001:db8:1:3::1"));
  });
});

describe("login link requests from one IPv6 /64", () => {
  it("share one limit however the client rotates its address within the /64", async () => {
    const [a = 0, b = 0] = crypto.getRandomValues(new Uint16Array(2));
    const prefix = `2001:db8:${a.toString(16)}:${b.toString(16)}`;
    const rotating = () => {
      const [x = 0, y = 0] = crypto.getRandomValues(new Uint16Array(2));
      return `${prefix}:${x.toString(16)}:${y.toString(16)}:0:1`;
    };
    for (let i = 0; i < 5; i++) {
      expect((await requestLink(uniqueEmail("rotating"), { ip: rotating() })).status).toBe(200);
    }
    expect((await requestLink(uniqueEmail("rotating"), { ip: rotating() })).status).toBe(429);
    // The neighbouring /64 is somebody else.
    const neighbour = `2001:db8:${a.toString(16)}:${((b + 1) % 0x10000).toString(16)}::1`;
    expect((await requestLink(uniqueEmail("neighbour"), { ip: neighbour })).status).toBe(200);
  });
});
