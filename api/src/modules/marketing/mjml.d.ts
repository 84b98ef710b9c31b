/** mjml 5 ships no types: what the marketing module uses of it. */
declare module 'mjml' {
  interface MjmlResult {
    html: string;
    errors: Array<{ line: number; message: string; tagName: string; formattedMessage: string }>;
  }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    keepComments?: boolean;
    minify?: boolean;
    beautify?: boolean;
    fonts?: Record<string, string>;
  }
  function mjml2html(input: string, options?: MjmlOptions): Promise<MjmlResult>;
  export default mjml2html;
}
