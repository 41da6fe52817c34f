/** A titled stretch of a document; `text` holds paragraphs separated by blank lines. */
export interface Section {
  header: string | null;
  text: string;
}

/** A structured record from a CSV/JSON file, kept as one entry. */
export interface Row {
  header: string;
  values: Record<string, unknown>;
}

export type ExtractedDocument =
  | { kind: 'sections'; title: string | null; sections: Section[]; contentType: 'text' | 'markdown' }
  | { kind: 'rows'; title: string | null; rows: Row[] };

/** One chunk entry to be: text (or a structured row), its section header and an extractive summary. */
export interface ExtractedChunk {
  content: string | Record<string, unknown>;
  contentType: 'text' | 'markdown' | 'structured';
  sectionHeader: string | null;
  chunkSummary: string;
}

export interface ExtractionResult {
  title: string | null;
  chunks: ExtractedChunk[];
}
