/** Extraction gave up on this file (spec § File processing → `failed`); the message is the reason users see. */
export class ExtractionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtractionError';
  }
}
