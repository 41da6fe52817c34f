/**
 * Messages shown after a form's redirect (post/redirect/get). The redirect carries a code, never text,
 * so a crafted link cannot make the dashboard display words of someone else's choosing.
 */
export const NOTICES = {
  created: 'Container created.',
  disabled: 'Key disabled: requests with it are refused from now on.',
  enabled: 'Key enabled again.',
  deleted: 'Key deleted: it no longer works.',
  toggled: 'Tool setting saved; it applies to the next request.',
  public: 'The container is now public: any signed-in user can read it.',
  private: 'The container is now private.',
  'cadence-manual': 'Analysis cadence is now manual: run a pass when you want one.',
  'cadence-automatic': 'Analysis cadence is now automatic.',
  paused: 'The container is paused: tool calls answer 503 until it is resumed.',
  resumed: 'The container is resumed.',
  analysis: 'Analysis pass requested.',
  'analysis-automatic': 'Cadence is automatic: analysis already runs continuously.',
  'signed-out': 'You are signed out.',
} as const;

export type NoticeCode = keyof typeof NOTICES;

export function noticeFor(code: string | null): string | undefined {
  return code && Object.hasOwn(NOTICES, code) ? NOTICES[code as NoticeCode] : undefined;
}
