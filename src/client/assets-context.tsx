import { createContext, useContext } from "react";

/**
 * URLs of the stylesheets the document links. `stylesheets` serve every page; `appStylesheets` serve the
 * signed-in pages only, so the landing page stays light. The server knows both; the browser reads them
 * back from <head>.
 */
export interface DocumentAssets {
  stylesheets: string[];
  appStylesheets: string[];
}

export const AssetsContext = createContext<DocumentAssets>({ stylesheets: [], appStylesheets: [] });

export const useDocumentAssets = () => useContext(AssetsContext);

/** The attribute that marks which list a <link> belongs to, so the browser can read the lists back. */
export const STYLESHEET_KIND = "data-stylesheet";

export function readDocumentAssets(head: ParentNode): DocumentAssets {
  const hrefs = (kind: string) => Array.from(head.querySelectorAll(`link[${STYLESHEET_KIND}="${kind}"]`), (link) => link.getAttribute("href")!);
  return { stylesheets: hrefs("base"), appStylesheets: hrefs("app") };
}
