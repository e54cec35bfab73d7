import { createContext } from "react-router";

/** How the client reaches the API: the browser's fetch, or (during server rendering) the app in-process. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export const browserFetch: ApiFetch = (path, init) => fetch(path, { credentials: "same-origin", ...init });

export const apiFetchContext = createContext<ApiFetch>(browserFetch);
