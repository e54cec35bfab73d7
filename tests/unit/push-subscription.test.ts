/** What a browser's push subscription must be before the server stores it and sends to it (src/domain/push-endpoint.ts). */
import { describe, expect, test } from "bun:test";
import { pushKeysProblem } from "../../src/domain/push-endpoint.ts";
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
