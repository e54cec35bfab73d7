import { data, useRouteLoaderData, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from "react-router";
import type { PublicConfig } from "../domain/api/site.ts";
import type { CurrentUser } from "../domain/api/users.ts";
import { ApiError, createApi } from "./api.ts";
import { apiFetchContext } from "./api-fetch.ts";

export interface RootData {
  user: CurrentUser | null;
  config: PublicConfig;
}

/** The API as a loader reaches it: in-process during server rendering, the network in the browser. */
export const apiFromContext = (context: LoaderFunctionArgs["context"]) => createApi(context.get(apiFetchContext));

/** A loader's API call whose 404 becomes the page's own 404, with what the page says about it. */
export async function pageNotFoundOn404<T>(call: Promise<T>, message: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(message, { status: 404 });
    throw error;
  }
}

export async function rootLoader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const api = apiFromContext(context);
  const [user, config] = await Promise.all([api.me(), api.publicConfig()]);
  return { user, config };
}

/**
 * Who is signed in is read again whenever the page changes, so a sign-in or sign-out only navigates: asking the
 * router to revalidate as well loaded the next page's data twice.
 */
export function rootShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

export function useRootData(): RootData {
  return useRouteLoaderData("root") as RootData;
}
