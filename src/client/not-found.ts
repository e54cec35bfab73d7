import { data } from "react-router";
import { ApiError } from "./api.ts";

/** A page loader's API call: a 404 from the API becomes the page's own 404, with `message`; other errors pass. */
export async function orPageNotFound<T>(load: Promise<T>, message: string): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(message, { status: 404 });
    throw error;
  }
}
