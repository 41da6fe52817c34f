/** A failed call to a svc server, carrying what the server said. */
export class ClientError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The envelope's `error.code`, or the flat body's `error` for a 401/403 credential failure. */
    readonly code: string | null,
    message: string,
    readonly server: string,
  ) {
    super(message);
    this.name = 'ClientError';
  }

  describe(): string {
    if (this.status === 0) return `Cannot reach the svc server at ${this.server}: ${this.message}. Start one with \`svc serve\` or pass --server.`;
    const head = `${this.code ?? 'error'} (HTTP ${this.status}): ${this.message}`;
    if (this.status === 401) return `${head}\nCheck the API key (--key, SVC_API_KEY or \`svc config set --key\`), or sign in with \`svc login\`.`;
    if (this.status === 402) return `${head}\nAn administrator can add credits with \`svc admin credits grant\`.`;
    return head;
  }
}
