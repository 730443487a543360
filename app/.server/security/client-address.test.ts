import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-address";

describe("the network a client address is counted by (rate limits)", () => {
  it("counts an IPv6 address by its /64, however it is written", () => {
    const same = [
      "2001:db8:26:7::1",
      "2001:db8:26:7::ffff",
      "2001:0DB8:0026:0007:0000:0000:0000:0042",
      "2001:db8:26:7:1:2:3:4",
      "2001:db8:26:7:abcd::",
      "2001:db8:26:7::1%eth0",
      "2001:db8:26:7::192.0.2.1",
    ];
    expect(new Set(same.map(clientNetwork))).toEqual(new Set(["2001:db8:26:7::/64"]));
    expect(clientNetwork("2001:db8:26:8::1")).toBe("2001:db8:26:8::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80::1")).toBe("fe80:0:0:0::/64");
    expect(clientNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("keeps an IPv4 address, also when it comes mapped into IPv6; anything else as it is", () => {
    expect(clientNetwork("10.0.0.7")).toBe("10.0.0.7");
    expect(clientNetwork("::ffff:10.0.0.7")).toBe("10.0.0.7");
    expect(clientNetwork("::FFFF:10.0.0.7")).toBe("10.0.0.7");
    expect(clientNetwork("unknown")).toBe("unknown");
    expect(clientNetwork("2001:db8:::1")).toBe("2001:db8:::1");
  });
});
