// src/client/: the React app, rendered on the server and hydrated in the browser: routes, pages, widgets, the API calls.
// Imports only src/client and src/domain (types only from src/domain/api); never server or database code (biome.json).
import { createContext } from "react-router";

/** How the client reaches the API: the browser's fetch, or (during server rendering) the app in-process. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export const browserFetch: ApiFetch = (path, init) => fetch(path, { credentials: "same-origin", ...init });

export const apiFetchContext = createContext<ApiFetch>(browserFetch);
