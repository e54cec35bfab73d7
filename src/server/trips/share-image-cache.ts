/**
 * Shared deals' preview images, kept per deal version (sharedDealVersion): a price change or the deal ending makes a
 * new one, and a revoked link has no version, so nothing is served for it. Bounded: the oldest go first.
 */
import type { Deps } from "../deps.ts";
import { sharedDeal, sharedDealVersion } from "./deal-shares.ts";
import { renderShareImage } from "./share-image.ts";

const MAX_IMAGES = 500;

export class ShareImageCache {
  private readonly images = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

  /** The image of the link as shared now, or null when it is not shared. */
  async image(deps: Pick<Deps, "db" | "clock" | "config">, id: string): Promise<Uint8Array<ArrayBuffer> | null> {
    const version = sharedDealVersion(deps, id);
    if (!version) return null;
    const cached = this.images.get(version);
    if (cached) return cached;
    const made = renderShareImage(sharedDeal(deps, id));
    made.catch(() => this.images.delete(version));
    this.images.set(version, made);
    if (this.images.size > MAX_IMAGES) this.images.delete(this.images.keys().next().value!);
    return made;
  }
}
