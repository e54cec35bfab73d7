/** What a browser's push subscription must be before the server stores it and sends to it (src/domain/push-endpoint.ts). */
import { describe, expect, test } from "bun:test";
import { isPublicUnicast, pushEndpointProblem, pushKeysProblem } from "../../src/domain/push-endpoint.ts";
import { newDevice } from "../support/push-service.ts";

const base64url = (bytes: number[] | Uint8Array) => Buffer.from(bytes).toString("base64url");

describe("push subscription keys", () => {
  const valid = newDevice("https://push.example.com/x").subscription.keys;

  test("a browser's keys pass: a 65-byte uncompressed P-256 point and a 16-byte auth secret", () => {
    expect(pushKeysProblem(valid)).toBeNull();
    for (let i = 0; i < 20; i++) expect(pushKeysProblem(newDevice("https://push.example.com/x").subscription.keys)).toBeNull();
    // The example subscription of the web-push documentation, which the browser tests use.
    expect(
      pushKeysProblem({ p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" }),
    ).toBeNull();
  });

  test("anything else is refused: short, compressed, off the curve, not base64url, a wrong-sized secret", () => {
    const point = Buffer.from(valid.p256dh, "base64url");
    const offCurve = Buffer.from(point);
    offCurve[64] = offCurve[64]! ^ 1;
    const compressed = Buffer.concat([Buffer.from([2 + (point[64]! & 1)]), point.subarray(1, 33)]);
    const wrongPrefix = Buffer.from(point);
    wrongPrefix[0] = 0x05;
    const xTooLarge = Buffer.concat([Buffer.from([4]), Buffer.alloc(32, 0xff), point.subarray(33)]);
    for (const p256dh of [
      "AAAA",
      "",
      base64url(compressed),
      base64url(offCurve),
      base64url(wrongPrefix),
      base64url(xTooLarge),
      base64url(Buffer.alloc(65)),
      base64url(Buffer.concat([point, Buffer.from([0])])),
      `${valid.p256dh.slice(0, -1)}*`,
    ]) {
      expect([p256dh, pushKeysProblem({ p256dh, auth: valid.auth })]).toEqual([p256dh, expect.any(String)]);
    }
    for (const auth of ["AA", "", base64url(Buffer.alloc(15)), base64url(Buffer.alloc(17)), "tBHItJI5svbpez7KI4CC!g"]) {
      expect([auth, pushKeysProblem({ p256dh: valid.p256dh, auth })]).toEqual([auth, expect.any(String)]);
    }
  });
});

describe("push endpoints (SSRF)", () => {
  test("every reserved or non-public range is refused, as a literal host and as a resolved address", () => {
    const reserved = [
      "192.0.0.192",
      "192.0.0.8",
      "192.0.2.10",
      "198.51.100.7",
      "203.0.113.9",
      "192.88.99.1",
      "198.18.0.1",
      "100.64.0.1",
      "0.0.0.0",
      "10.0.0.5",
      "172.16.3.4",
      "192.168.1.1",
      "169.254.169.254",
      "127.0.0.1",
      "224.0.0.1",
      "240.0.0.1",
      "255.255.255.255",
      "::127.0.0.1",
      "::ffff:127.0.0.1",
      "::ffff:8.8.8.8",
      "64:ff9b::8.8.8.8",
      "64:ff9b:1::1",
      "2002::1",
      "2002:c0a8:101::1",
      "fec0::1",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "::1",
      "::",
      "::7f00:1",
      "::808:808",
      "2001:db8::1",
      "2001::1",
      "ff02::1",
      "100::1",
    ];
    for (const address of reserved) {
      expect([address, isPublicUnicast(address)]).toEqual([address, false]);
      const host = address.includes(":") ? `[${address}]` : address;
      expect([address, pushEndpointProblem(`https://${host}/push`, false)]).toEqual([address, expect.any(String)]);
    }
    for (const address of ["8.8.8.8", "142.250.72.10", "2001:4860:4860::8888", "2a00:1450:4001:82a::200a"]) {
      expect([address, isPublicUnicast(address)]).toEqual([address, true]);
      const host = address.includes(":") ? `[${address}]` : address;
      expect(pushEndpointProblem(`https://${host}/push`, false)).toBeNull();
    }
    expect(isPublicUnicast("not an address")).toBe(false);
  });

  test("only https on port 443, a public name or address, no credentials", () => {
    expect(pushEndpointProblem("https://fcm.googleapis.com/fcm/send/abc", false)).toBeNull();
    expect(pushEndpointProblem("https://updates.push.services.mozilla.com:443/wpush/v2/abc", false)).toBeNull();
    for (const endpoint of [
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://fcm.googleapis.com:80/x",
      "https://fcm.googleapis.com:22/x",
      "http://fcm.googleapis.com/x",
      "https://user:pass@fcm.googleapis.com/x",
      "https://localhost/x",
      "https://push.localhost/x",
      "https://printer.local/x",
      "https://metadata.google.internal/x",
      "https://intranet/x",
      "https://0x7f.1/x",
      "https://2130706433/x",
      "not a url",
    ]) {
      expect([endpoint, pushEndpointProblem(endpoint, false)]).toEqual([endpoint, expect.any(String)]);
    }
  });

  test("the test-only loopback switch allows loopback over http on any port, and nothing else", () => {
    expect(pushEndpointProblem("http://127.0.0.1:8080/x", true)).toBeNull();
    expect(pushEndpointProblem("http://[::1]:8080/x", true)).toBeNull();
    expect(pushEndpointProblem("http://localhost:8080/x", true)).toBeNull();
    expect(pushEndpointProblem("http://10.0.0.5/x", true)).not.toBeNull();
    expect(pushEndpointProblem("http://fcm.googleapis.com/x", true)).not.toBeNull();
    expect(pushEndpointProblem("https://fcm.googleapis.com:8443/x", true)).not.toBeNull();
    expect(pushEndpointProblem("http://127.0.0.1:8080/x", false)).not.toBeNull();
  });
});
