/**
 * An OAuth protocol error (RFC 6749 § 5.2, RFC 7591 § 3.2.2, RFC 7009): answered as
 * `{error, error_description}` by src/server/oauth, or as a redirect to the client for authorize errors.
 */
export class OAuthError extends Error {
  constructor(
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'unauthorized_client'
      | 'unsupported_grant_type'
      | 'unsupported_response_type'
      | 'invalid_scope'
      | 'invalid_target'
      | 'access_denied'
      | 'invalid_redirect_uri'
      | 'invalid_client_metadata'
      | 'unsupported_token_type',
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}
