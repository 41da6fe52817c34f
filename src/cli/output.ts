/** Human-readable rendering of tool results; `--json` bypasses all of this and prints the raw `data`. */
export function renderHuman(tool: string, data: unknown): string {
  const d = data as any;
  switch (tool) {
    case 'svc_write':
      return [`entryId    ${d.entryId}`, `workflowId ${d.workflowId}`, d.object ? `object     ${d.object}` : null, d.unknownFields?.length ? `unknown    ${d.unknownFields.join(', ')} (not in the declared schema; stored anyway)` : null, d.message]
        .filter(Boolean)
        .join('\n');
    case 'svc_delete':
      return `Deleted ${d.entryId}${d.duplicatesDeleted !== undefined ? ` and ${d.duplicatesDeleted} duplicate(s)` : ''}`;
    case 'svc_explore':
      if (Array.isArray(d.entries)) {
        const lines = d.entries.map((e: any) => `${e.id}  ${new Date(e.createdAt).toISOString()}  ${preview(e.content)}${e.tags.length ? `  [${e.tags.join(', ')}]` : ''}`);
        lines.push(`${d.count} shown of ${d.entryCount} rows in the container`);
        return lines.join('\n');
      }
      return JSON.stringify(d, null, 2);
    case 'svc_status': {
      const e = d.counts.entries;
      return [
        `${d.containerName} (${d.containerId})${d.is_ephemeral ? ' [ephemeral]' : ''}`,
        `ready          ${d.ready}  (initialization ${d.initializationStatus}${d.paused ? ', paused' : ''})`,
        `entries        ${e.total} total, ${e.eligible} eligible, ${e.analyzed} analyzed, ${e.pending} pending`,
        `tools          ${d.counts.tools}   composites ${d.counts.composites}   entity types ${d.counts.entityTypes}`,
        `analysis       ${d.analysis.cadence}${d.analysis.inProgress ? ', in progress' : ''}`,
      ].join('\n');
    }
    case 'svc_query':
      return renderTable(d.columns, d.rows, `${d.rowCount} row${d.rowCount === 1 ? '' : 's'}${d.truncated ? ' (truncated: results stop at 200 rows or about 256 KB)' : ''}`);
    case 'svc_search': {
      const lines = (d.matches as any[]).map((m) => {
        const p = m.provenance;
        const where = p.totalChunks ? `  [chunk ${p.chunkIndex + 1}/${p.totalChunks}${p.sectionHeader ? ` · ${p.sectionHeader}` : ''}]` : '';
        const dups = m._meta?.svc?.duplicates ? `  (${m._meta.svc.duplicates} instances)` : '';
        return `${m.score.toFixed(3)}  ${m.id}  ${preview(m.content)}${where}${dups}`;
      });
      if (lines.length === 0) lines.push('No matches');
      if (d.explain) {
        lines.push('', `explain (${d.explain.totalMs} ms total):`);
        for (const s of d.explain.stages) {
          const top = s.candidates.slice(0, 5).map((c: any) => `${c.id.slice(0, 8)}=${c.score}`).join(' ');
          lines.push(`  ${s.stage.padEnd(20)} ${String(s.ms.toFixed(2)).padStart(8)} ms  ${s.detail ?? ''}${top ? `  top: ${top}` : ''}`);
        }
      }
      return lines.join('\n');
    }
    default:
      return JSON.stringify(d, null, 2);
  }
}

function preview(content: unknown): string {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

const MAX_CELL = 40;

function cell(v: unknown): string {
  const text = v === null || v === undefined ? 'NULL' : typeof v === 'string' ? v : JSON.stringify(v);
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
}

/** svc_query's result as an aligned text table (long values cut to 40 characters; --json has them whole). */
export function renderTable(columns: string[], rows: unknown[][], footer: string): string {
  const cells = rows.map((r) => r.map(cell));
  const widths = columns.map((c, i) => Math.max(cell(c).length, ...cells.map((r) => r[i]?.length ?? 0)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i])).join('  ').trimEnd();
  return [line(columns.map(cell)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line), footer].join('\n');
}
