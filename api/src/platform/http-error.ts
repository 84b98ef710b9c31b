/** An error that maps to a JSON `{ success: false, message, field? }` response. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
