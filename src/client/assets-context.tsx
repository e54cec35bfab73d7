import { createContext, useContext } from "react";

/** URLs of the stylesheets the document links; the server knows them, the browser reads them back from <head>. */
export interface DocumentAssets {
  stylesheets: string[];
}

export const AssetsContext = createContext<DocumentAssets>({ stylesheets: [] });

export const useDocumentAssets = () => useContext(AssetsContext);
