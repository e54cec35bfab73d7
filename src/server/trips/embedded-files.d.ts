// Files imported `with { type: "file" }` are their path (embedded in the executable by `npm run build`).
declare module "*.wasm" {
  const path: string;
  export default path;
}
declare module "*.woff" {
  const path: string;
  export default path;
}
