import { Elysia, t } from "elysia";
import { AdminUserChanged, AdminUserList, AdminUser, AdminUserUpdate, AuditLog, ContactMessageRead, OperationsOverview } from "../../domain/api/admin.ts";
import { OkResponse } from "../../domain/api/common.ts";
import type { Deps } from "../deps.ts";
import { authentication, requireAdmin } from "../auth/auth-plugin.ts";
import { idFromPath } from "../http/path-id.ts";
import { wholeNumberQuery } from "../http/query.ts";
import { recentAudit } from "../audit-log.ts";
import { cancelUserSubscription, deleteUser, listUsers, reactivateUserSubscription, toAdminUser, updateUser } from "./admin.service.ts";
import { markContactMessage, operationsOverview, retryEmail } from "./operations.service.ts";

const idParam = (value: string) => idFromPath(value, "No such user");

/** Every /api/admin route: anonymous 401, signed-in non-admin 403, decided here once. */
export function adminRoutes(deps: Deps) {
  return new Elysia({ prefix: "/api/admin" })
    .use(authentication(deps))
    .derive(({ auth }) => ({ admin: requireAdmin(auth).user }))
    .get("/users", ({ query }) => listUsers(deps, query.search ?? "", query.limit ?? 500), {
      query: t.Object({ search: t.Optional(t.String({ maxLength: 200 })), limit: t.Optional(wholeNumberQuery(1, 2000)) }),
      response: AdminUserList,
    })
    .put("/users/:id", async ({ admin, params, body }) => toAdminUser(await updateUser(deps, admin, idParam(params.id), body)), {
      body: AdminUserUpdate,
      response: AdminUser,
    })
    .post(
      "/users/:id/cancel-subscription",
      async ({ admin, params }) => ({
        success: true as const,
        user: toAdminUser(await cancelUserSubscription(deps, admin, idParam(params.id))),
      }),
      { response: AdminUserChanged },
    )
    .post(
      "/users/:id/reactivate-subscription",
      async ({ admin, params }) => {
        const { user, message } = await reactivateUserSubscription(deps, admin, idParam(params.id));
        return { success: true as const, message, user: toAdminUser(user) };
      },
      { response: AdminUserChanged },
    )
    .delete(
      "/users/:id",
      async ({ admin, params }) => {
        await deleteUser(deps, admin, idParam(params.id));
        return { success: true as const };
      },
      { response: OkResponse },
    )
    .get("/audit-log", () => recentAudit(deps.db), { response: AuditLog })
    .get("/operations", () => operationsOverview(deps), { response: OperationsOverview })
    .post(
      "/outbox/:id/retry",
      ({ admin, params }) => {
        retryEmail(deps, admin, idParam(params.id));
        return { success: true as const };
      },
      { response: OkResponse },
    )
    .post(
      "/contact-messages/:id/read",
      ({ admin, params, body }) => {
        markContactMessage(deps, admin, idParam(params.id), body.read);
        return { success: true as const };
      },
      { body: ContactMessageRead, response: OkResponse },
    );
}
