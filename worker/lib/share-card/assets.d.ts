// Files the bundle carries as modules (wrangler.toml [[rules]]): fonts as bytes, WebAssembly compiled.
declare module "*.ttf" {
  const font: ArrayBuffer;
  export default font;
}
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
