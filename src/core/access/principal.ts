/** Who is calling, as established by a credential (API key now; OAuth access tokens plug in the same way). */
export interface Principal {
  kind: 'api_key' | 'oauth' | 'local';
  userId: string;
  /** The organization the credential belongs to. */
  orgId: string;
  /** Set for container-scoped keys and container-audience tokens: the only container this credential reaches. */
  scopeContainerId: string | null;
  /** Display name of the credential (the API key name), used for the `webhook:<api-key-name>` source default. */
  credentialName: string;
  keyId?: string;
  sessionId?: string;
}
