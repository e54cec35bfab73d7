/**
 * The link preview (Open Graph image, 1200x630 PNG) of a shared deal: destination, price and % below typical, drawn
 * by satori (layout to SVG) and resvg's WebAssembly build (SVG to PNG). The font and the wasm are package files,
 * embedded in the executable: nothing is fetched at run time. Each image is made once per deal version.
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import wasmPath from "@resvg/resvg-wasm/index_bg.wasm" with { type: "file" };
import fontBoldPath from "@fontsource/inter/files/inter-latin-700-normal.woff" with { type: "file" };
import fontRegularPath from "@fontsource/inter/files/inter-latin-400-normal.woff" with { type: "file" };
import type { default as Satori } from "satori";

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

export interface ShareImageDeal {
  destination: string;
  destinationCity: string;
  price: number;
  percentBelowTypical: number;
  travelDates: string;
  ended: boolean;
}

let ready: Promise<{ satori: typeof Satori; regular: ArrayBuffer; bold: ArrayBuffer }> | null = null;

/** Loads satori, the wasm and the fonts once, on the first image asked for (satori alone takes ~0.2 s to load: not at boot). */
function loadRenderer() {
  ready ??= (async () => {
    const [{ default: satori }] = await Promise.all([import("satori"), initWasm(await Bun.file(wasmPath).arrayBuffer())]);
    const [regular, bold] = await Promise.all([Bun.file(fontRegularPath).arrayBuffer(), Bun.file(fontBoldPath).arrayBuffer()]);
    return { satori, regular, bold };
  })();
  return ready;
}

const money = (value: number) => `$${Math.round(value).toLocaleString("en-US")}`;

/** The picture as satori's element tree (plain objects: no React needed on the server for this). */
function picture(deal: ShareImageDeal) {
  const el = (type: string, style: Record<string, unknown>, children: unknown) => ({ type, props: { style, children } });
  return el(
    "div",
    {
      // satori sizes the content box: the padding comes on top.
      width: SHARE_IMAGE_WIDTH - 2 * 72,
      height: SHARE_IMAGE_HEIGHT - 2 * 64,
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "64px 72px",
      background: deal.ended ? "#4b5563" : "#0b5cad",
      color: "#ffffff",
      fontFamily: "Inter",
    },
    [
      el("div", { display: "flex", fontSize: 32, fontWeight: 700, opacity: 0.9 }, "GoRDU · flight deals from Raleigh-Durham"),
      el("div", { display: "flex", flexDirection: "column" }, [
        el("div", { display: "flex", fontSize: 44 }, `RDU to ${deal.destination}`),
        el("div", { display: "flex", fontSize: 80, fontWeight: 700, lineHeight: 1.1 }, deal.destinationCity),
        el("div", { display: "flex", fontSize: 36, marginTop: 12 }, deal.travelDates),
      ]),
      el("div", { display: "flex", alignItems: "flex-end", justifyContent: "space-between" }, [
        el("div", { display: "flex", fontSize: 104, fontWeight: 700, lineHeight: 1 }, money(deal.price)),
        el(
          "div",
          { display: "flex", fontSize: 44, fontWeight: 700, padding: "12px 28px", borderRadius: 16, background: "#ffffff", color: "#0b5cad" },
          deal.ended ? "Deal ended" : `${Math.round(deal.percentBelowTypical)}% below typical`,
        ),
      ]),
    ],
  );
}

/** The PNG bytes of a shared deal's preview. */
export async function renderShareImage(deal: ShareImageDeal): Promise<Uint8Array<ArrayBuffer>> {
  const { satori, ...fonts } = await loadRenderer();
  const svg = await satori(picture(deal) as Parameters<typeof Satori>[0], {
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    fonts: [
      { name: "Inter", data: fonts.regular, weight: 400, style: "normal" },
      { name: "Inter", data: fonts.bold, weight: 700, style: "normal" },
    ],
  });
  // resvg's objects live in WebAssembly memory, which the garbage collector does not see filling up: freed at once.
  const resvg = new Resvg(svg, { fitTo: { mode: "width", value: SHARE_IMAGE_WIDTH } });
  const rendered = resvg.render();
  try {
    return new Uint8Array(rendered.asPng());
  } finally {
    rendered.free();
    resvg.free();
  }
}
