import { Box, Text } from 'ink';
import { formatBytes } from './format-bytes.js';

export interface UploadRow {
  name: string;
  size: number;
  sent: number;
  /** uploading, then the file's processingStatus, or `error`. */
  phase: string;
  detail?: string;
}

const WIDTH = 24;

function bar(fraction: number): string {
  const filled = Math.round(Math.max(0, Math.min(1, fraction)) * WIDTH);
  return `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
}


const COLORS: Record<string, string> = { complete: 'green', skipped: 'cyan', failed: 'red', error: 'red', processing: 'yellow', pending: 'yellow' };

/** One line per file: an upload bar while bytes go out, then the processing state as the server reports it. */
export function UploadProgressView({ rows }: { rows: UploadRow[] }) {
  return (
    <Box flexDirection="column">
      {rows.map((r, i) => {
        const uploading = r.phase === 'uploading';
        const fraction = r.size === 0 ? 1 : r.sent / r.size;
        return (
          <Box key={i}>
            <Box width={28}>
              <Text wrap="truncate-middle">{r.name}</Text>
            </Box>
            <Text>{uploading ? `${bar(fraction)} ${String(Math.floor(fraction * 100)).padStart(3)}% ${formatBytes(r.sent)}/${formatBytes(r.size)}` : `${bar(1)} ${formatBytes(r.size)}`}</Text>
            <Text> </Text>
            <Text color={COLORS[r.phase]}>{r.phase === 'processing' || r.phase === 'pending' ? `${r.phase}…` : r.phase}</Text>
            {r.detail ? (
              <Box flexShrink={1}>
                <Text dimColor wrap="truncate-end">
                  {' '}
                  {r.detail}
                </Text>
              </Box>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
