import { Elysia } from "elysia";
import { OkResponse } from "../../domain/api/common.ts";
import { ContactRequest } from "../../domain/api/site.ts";
import type { Deps } from "../deps.ts";
import { clientIp } from "../http/client-ip.ts";
import { RateLimiter } from "../http/rate-limit.ts";
import { submitContactMessage } from "./contact.service.ts";

export function contactRoutes(deps: Deps) {
  const perIp = new RateLimiter(5, 10 * 60_000);
  return new Elysia().post(
    "/api/contact",
    ({ body, request, server }) => {
      perIp.attempt(clientIp(request, server, deps.config.trustProxy), deps.clock.now(), "Too many messages. Please try again later.");
      submitContactMessage(deps, body);
      return { success: true as const, message: "Thank you for contacting us. We'll get back to you soon!" };
    },
    { body: ContactRequest, response: OkResponse },
  );
}
