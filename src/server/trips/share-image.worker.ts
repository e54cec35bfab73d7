/** The preview images' thread (decision 121; share-image-cache.ts starts it): draws one image at a time, off the request thread. */
import { serveThreadRequests } from "../job-thread.ts";
import { renderShareImage, type ShareImageDeal } from "./share-image.ts";

serveThreadRequests<ShareImageDeal, Uint8Array>((deal) => renderShareImage(deal));
