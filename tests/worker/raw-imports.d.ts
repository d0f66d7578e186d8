// Vite's `?raw` imports: a file's text, inlined when the test is transformed (workerd has no
// file system to read it from).
declare module "*?raw" {
  const text: string;
  export default text;
}
