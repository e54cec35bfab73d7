/** Shares and booked trips made through the member's own API calls in the page, for tests that start from them. */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** A JSON request from the page, with the signed-in member's session cookie; fails the test on anything but 200. */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const { status, json } = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json() };
    },
    { method, path, body },
  );
  expect(status, `${method} ${path}`).toBe(200);
  return json as T;
}

/** The deal's public link, as Share makes it: `{ id, url }`. */
export const shareDeal = (page: Page, dealId: number) => callApi<{ id: string; url: string }>(page, "POST", "/api/deal-shares", { dealId });

export const revokeShare = (page: Page, shareId: string) => callApi(page, "DELETE", `/api/deal-shares/${shareId}`);

/** "I booked it", with the price paid. */
export const bookTrip = (page: Page, dealId: number, pricePaid: number | null) => callApi(page, "POST", "/api/booked-trips", { dealId, pricePaid });
