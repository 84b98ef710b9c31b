// Image files imported by the remote (rspack 'asset/resource': the import is the file's URL).
declare module '*.jpg' {
  const src: string;
  export default src;
}
