import type { EntryRecord } from '../../store/types.js';

/** The public shape of an entry (spec § Entry). */
export interface EntryView {
  id: string;
  content: string | Record<string, unknown>;
  source: string;
  tags: string[];
  properties: Record<string, unknown>;
  createdAt: number;
}

export function entryView(e: EntryRecord): EntryView {
  return { id: e.id, content: e.content, source: e.source, tags: e.tags, properties: e.properties, createdAt: e.createdAt };
}
