/**
 * Shared deals' preview images, kept by what they show (destination, dates, price, % below typical, ended): a price
 * change or the deal ending makes a new one, many links to one deal share one, and a revoked link has no deal to
 * show, so nothing is served for it. Drawing one holds a CPU for 40–100 ms, so it is drawn on a thread of its own
 * (share-image.worker.ts, decision 121), never the one answering requests, and drawings are bounded: a visitor's
 * address may cause 20 a minute (counted before the work; 429 beyond), and every drawing runs in one lane (WorkLane):
 * one at a time, four waiting, the rest refused (503), and a rest after each of three times its length, so drawings
 * take at most a quarter of a CPU however many addresses ask at once. An image already kept is never refused. The
 * member's own share draws its image when the link is made.
 */
import type { Deps } from "../deps.ts";
import { RateLimiter } from "../http/rate-limit.ts";
import { WorkLane } from "../http/work-lane.ts";
import { notFound } from "../http/errors.ts";
import { sharedDealPicture } from "./deal-shares.ts";
import { JobThread, WORKER_ENTRIES } from "../job-thread.ts";
import type { ShareImageDeal } from "./share-image.ts";

/** How many images are kept (about 42 kB each); the least recently asked for go first. */
const MAX_IMAGES = 200;
/** Images drawn for one visitor's address a minute; kept images are not counted. */
export const IMAGE_RENDERS_PER_MINUTE = 20;
/** Drawings waiting behind the one in progress; more are refused with 503 until the lane has room. */
export const IMAGE_RENDERS_WAITING = 4;

type Png = Uint8Array<ArrayBuffer>;

/** Draws on the preview images' thread; the lane lets one drawing at a time reach it. */
function drawOnThread(): (deal: ShareImageDeal) => Promise<Png> {
  const thread = new JobThread<ShareImageDeal, Png>(WORKER_ENTRIES.shareImage, { maxQueued: 1 });
  return (deal) => thread.run(deal);
}

export class ShareImageCache {
  constructor(private readonly draw: (deal: ShareImageDeal) => Promise<Png> = drawOnThread()) {}

  private readonly images = new Map<string, Promise<Png>>();
  private readonly lane = new WorkLane({
    maxWaiting: IMAGE_RENDERS_WAITING,
    restFactor: 3,
    busyMessage: "Preview images are busy. Please try again in a few seconds.",
  });
  private readonly rendersByAddress = new RateLimiter(IMAGE_RENDERS_PER_MINUTE, 60_000);

  /**
   * The image of the link as shared now; 404 when it is not shared. `visitor` is the client's address (null for the
   * member who made the link): a drawing it causes is counted there first (429 past the limit).
   */
  async image(deps: Pick<Deps, "db" | "clock" | "config">, id: string, visitor: string | null): Promise<Png> {
    const deal = sharedDealPicture(deps, id);
    if (!deal) throw notFound("This link is no longer shared");
    const key = JSON.stringify(deal);
    const kept = this.images.get(key);
    if (kept) {
      this.images.delete(key);
      this.images.set(key, kept);
      return kept;
    }
    if (visitor) this.rendersByAddress.attempt(`image:${visitor}`, deps.clock.now(), "Too many preview images requested. Please try again in a minute.");
    const made = this.lane.run(() => this.draw(deal));
    this.images.set(key, made);
    made.catch(() => {
      if (this.images.get(key) === made) this.images.delete(key);
    });
    if (this.images.size > MAX_IMAGES) this.images.delete(this.images.keys().next().value!);
    return made;
  }
}
