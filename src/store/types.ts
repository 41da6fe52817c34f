// Persistence interfaces. Async on purpose (ARCHITECTURE.md § Store): a networked engine can implement
// them later without touching callers, even though the embedded SQLite engine is synchronous.
import type { OAuthControlStore } from './oauth-types.js';

export type OrgRole = 'owner' | 'admin' | 'member';
export type Permission = 'read' | 'editor' | 'admin';
export type Transport = 'rest' | 'mcp';
export type InitializationStatus = 'pending' | 'analyzing' | 'generating_tools' | 'complete';
export type AnalysisCadence = 'automatic' | 'manual';

export interface OrgRecord {
  id: string;
  name: string;
  credits: number;
  createdAt: number;
}

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  passwordHash: string | null;
  createdAt: number;
}

export interface ContainerRecord {
  id: string;
  orgId: string;
  name: string;
  isPublic: boolean;
  isEphemeral: boolean;
  paused: boolean;
  initializationStatus: InitializationStatus;
  analysisCadence: AnalysisCadence;
  /** Set when an administrator asked for an analysis pass on a manual-cadence container; cleared when it ends. */
  analysisRequestedAt: number | null;
  createdBy: string | null;
  createdAt: number;
}

export interface ApiKeyRecord {
  id: string;
  orgId: string;
  userId: string;
  containerId: string | null;
  name: string;
  hash: string;
  sourceBadge: 'dashboard' | 'plugin';
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  disabledAt: number | null;
  deletedAt: number | null;
}

export interface NewApiKey {
  id: string;
  orgId: string;
  userId: string;
  containerId: string | null;
  name: string;
  hash: string;
  sourceBadge: 'dashboard' | 'plugin';
  expiresAt: number | null;
}

export interface CreditCharge {
  orgId: string;
  amount: number;
  containerId: string;
  tool: string;
}

export interface ControlStore extends OAuthControlStore {
  createOrg(name: string, credits: number): Promise<OrgRecord>;
  getOrg(idOrName: string): Promise<OrgRecord | null>;
  createUser(user: { email: string; name: string; passwordHash: string | null }): Promise<UserRecord>;
  getUser(id: string): Promise<UserRecord | null>;
  getUserByEmail(email: string): Promise<UserRecord | null>;
  addMembership(orgId: string, userId: string, role: OrgRole): Promise<void>;
  getMembership(orgId: string, userId: string): Promise<OrgRole | null>;
  /** The first owner of an organization (the one `svc admin init` created). */
  getOrgOwner(orgId: string): Promise<string | null>;
  listUserOrgs(userId: string): Promise<Array<{ org: OrgRecord; role: OrgRole }>>;

  createContainer(c: { orgId: string; name: string; isPublic: boolean; isEphemeral: boolean; createdBy: string | null }): Promise<ContainerRecord>;
  getContainer(id: string): Promise<ContainerRecord | null>;
  listContainers(orgId: string): Promise<ContainerRecord[]>;
  updateContainer(
    id: string,
    patch: Partial<Pick<ContainerRecord, 'name' | 'isPublic' | 'isEphemeral' | 'paused' | 'initializationStatus' | 'analysisCadence' | 'analysisRequestedAt' | 'orgId'>>,
  ): Promise<void>;
  getGrant(containerId: string, userId: string): Promise<Permission | null>;
  setGrant(containerId: string, userId: string, permission: Permission): Promise<void>;

  createApiKey(key: NewApiKey): Promise<ApiKeyRecord>;
  getApiKey(id: string): Promise<ApiKeyRecord | null>;
  listApiKeys(orgId: string): Promise<ApiKeyRecord[]>;
  touchApiKey(id: string, at: number): Promise<void>;
  updateApiKey(id: string, patch: Partial<Pick<ApiKeyRecord, 'disabledAt' | 'deletedAt' | 'lastUsedAt'>>): Promise<void>;

  getToolToggles(containerId: string): Promise<Array<{ tool: string; transport: Transport; enabled: boolean }>>;
  setToolToggle(containerId: string, tool: string, transport: Transport, enabled: boolean): Promise<void>;

  /** Atomically takes `amount` credits when the balance covers it; false (and no change) otherwise. */
  chargeCredits(charge: CreditCharge): Promise<boolean>;
  /** Adds credits (a grant, or a refund of a charge whose tool call failed) and returns the new balance. */
  addCredits(orgId: string, amount: number, reason: string): Promise<number>;
  getBalance(orgId: string): Promise<number>;
  /** The newest ledger rows of an organization (optionally of one container), newest first. */
  listCreditLedger(orgId: string, opts?: { containerId?: string; limit?: number }): Promise<CreditLedgerRow[]>;

  createClaimLink(link: { tokenHash: string; containerId: string; expiresAt: number }): Promise<void>;
  getClaimLink(tokenHash: string): Promise<ClaimLinkRecord | null>;
  /**
   * Makes an ephemeral container permanent in `toOrgId`, in one transaction: the link is used up, the
   * container moves with its keys (which now act for `toUserId`), and the claimer becomes container admin.
   * False when the container was claimed already.
   */
  claimContainer(c: { tokenHash: string; containerId: string; toOrgId: string; toUserId: string; at: number }): Promise<boolean>;

  close(): Promise<void>;
}

export interface CreditLedgerRow {
  id: number;
  orgId: string;
  containerId: string | null;
  tool: string | null;
  /** Negative for a charge, positive for a grant or refund. */
  amount: number;
  reason: string;
  at: number;
}

export interface ClaimLinkRecord {
  tokenHash: string;
  containerId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export type EntryKind = 'entry' | 'composite' | 'chunk' | 'entity';
export type ContentType = 'text' | 'markdown' | 'structured';

export interface EntryRecord {
  id: string;
  kind: EntryKind;
  content: string | Record<string, unknown>;
  contentType: ContentType;
  source: string;
  tags: string[];
  properties: Record<string, unknown>;
  createdAt: number;
  /** Provenance time: `occurredAt` when the writer gave one, else the write time. */
  ingestedAt: number;
  object: string | null;
  parentId: string | null;
  compositeType: string | null;
  chunkIndex: number | null;
  totalChunks: number | null;
  analyzedAt: number | null;
  /** sha256 of the whitespace-normalised content; instances of the same content share it. */
  contentHash: string;
  /** Queryable values of an object row. */
  fields: Record<string, unknown> | null;
}

/** Value types of a profiled object field (spec § svc_query `fields` catalog). */
export type FieldType = 'integer' | 'number' | 'boolean' | 'date' | 'text' | 'json' | 'mixed';

/** One (object, source) profile: accreted from writes, or declared by a connector. */
export interface ObjectProfileRecord {
  id: string;
  /** Canonical object name (its first spelling). */
  object: string;
  source: string;
  mode: 'declared' | 'accreted';
  /** Declared key field: other records' lookup fields may hold its value (crm_assoc edges). */
  keyField: string | null;
  /** Records profiled (live rows of this object under this source). */
  seen: number;
  createdAt: number;
  /** In first-seen (or declared) order. */
  fields: Array<{ name: string; type: FieldType; present: number }>;
}

/** What one object write adds to its profile: the record's fields with their (already widened) types. */
export interface ObjectProfileUpdate {
  object: string;
  source: string;
  fields: Array<{ name: string; type: FieldType }>;
}

export interface ObjectSchemaDeclaration {
  object: string;
  source: string;
  fields: Array<{ name: string; type: FieldType }>;
  keyField: string | null;
}

/** A live object row, as the query sandbox materializes it. */
export interface ObjectRowRecord {
  entryId: string;
  object: string;
  source: string;
  fields: Record<string, unknown>;
}

export interface EdgeRecord {
  fromId: string;
  toId: string;
  type: string;
  properties: Record<string, unknown>;
}

export type NewEntry = Omit<EntryRecord, 'analyzedAt'>;

export interface EntryListQuery {
  tag?: string;
  limit: number;
  offset: number;
}

export interface EntryCounts {
  total: number;
  eligible: number;
  analyzed: number;
  composites: number;
  entityTypes: number;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRecord {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  runAfter: number;
  lastError: string | null;
}

export interface VectorHit {
  entryId: string;
  /** Cosine distance (0 = same direction, 2 = opposite). */
  distance: number;
  /** The stored vector, when the engine returns it with the hit at no extra cost. */
  vector?: Float32Array;
}

/**
 * Nearest-neighbour index over entry vectors. SQLite + sqlite-vec (exact KNN) is the embedded default;
 * LanceDB (ANN) serves large containers. Both are keyed by entry id.
 */
export interface VectorIndex {
  /** `sqlite-vec` or `lancedb`. */
  readonly kind: string;
  /**
   * Binds the index to an embedder. Vectors of a different model are incomparable, so a changed embedder id
   * empties the index; returns true when that happened (the caller re-embeds).
   */
  prepare(embedderId: string, dimension: number): Promise<boolean>;
  upsert(items: Array<{ entryId: string; vector: Float32Array }>): Promise<void>;
  remove(entryIds: string[]): Promise<void>;
  knn(vector: Float32Array, k: number): Promise<VectorHit[]>;
  get(entryIds: string[]): Promise<Map<string, Float32Array>>;
  count(): Promise<number>;
  close(): Promise<void>;
}

export interface TextHit {
  entryId: string;
  /** BM25 score, higher is better. */
  score: number;
}

export interface ContainerStore extends ContainerStoreFileExtensions {
  readonly containerId: string;
  /**
   * Stores the entry (with its tags and full-text row) and queues its workflow job in one transaction.
   * Canonical entities get no full-text row: they are reached through the graph, not returned as matches.
   */
  insertEntry(entry: NewEntry, job?: { id: string; kind: string; payload: Record<string, unknown> }): Promise<void>;
  getEntry(id: string): Promise<EntryRecord | null>;
  listEntries(q: EntryListQuery): Promise<EntryRecord[]>;
  /** Removes the entry row (and its full-text row) and queues the purge of derived data, in one transaction. */
  deleteEntry(id: string, job: { id: string; kind: string; payload: Record<string, unknown> }): Promise<boolean>;
  /** Chunks of a composite, in chunk order. */
  listChildren(parentId: string): Promise<EntryRecord[]>;
  deleteChildren(parentId: string): Promise<number>;
  markAnalyzed(id: string, at: number): Promise<void>;
  /**
   * Applies what an analysis job derived, in one transaction: new entries (without full-text rows for
   * entities), edges (upserted), and optionally the analysed mark of the entry the job was for.
   */
  writeDerived(d: { entries?: NewEntry[]; edges?: EdgeRecord[]; analyzed?: { id: string; at: number } }): Promise<void>;
  /** The canonical entity entry of a type and normalised key. */
  findEntity(entityType: string, key: string): Promise<EntryRecord | null>;
  getEdge(fromId: string, toId: string, type: string): Promise<EdgeRecord | null>;
  /** Removes canonical entities no entry mentions any more (and their edges); returns how many. */
  deleteOrphanEntities(): Promise<number>;
  /** BM25 neighbours of a full-text query among entries and chunks, best first. */
  fullTextNeighbors(query: string, limit: number): Promise<Array<{ id: string; score: number }>>;
  /** Live entries whose content hash matches, oldest first. */
  findByContentHash(hash: string): Promise<EntryRecord[]>;
  /** The first spelling an object name received, matched case-insensitively; null for a new object. */
  canonicalObjectName(name: string): Promise<string | null>;
  /** Up to `limit` entries of a kind (composites, entities), newest first. */
  listByKind(kind: EntryKind, limit: number): Promise<EntryRecord[]>;
  /** Distinct entity types with their entity counts, most common first. */
  listEntityTypes(limit: number): Promise<string[]>;
  /** Number of entries carrying an edge to the entity (its mentions). */
  countEdgesTo(id: string, type: string): Promise<number>;
  edgesFrom(id: string): Promise<EdgeRecord[]>;
  edgesTo(id: string): Promise<EdgeRecord[]>;
  insertEdge(edge: EdgeRecord): Promise<void>;
  /** Removes every edge touching the entry; returns how many. */
  deleteEdgesOf(id: string): Promise<number>;
  counts(): Promise<EntryCounts>;

  /** Stores an object row like insertEntry and folds it into its (object, source) profile, in one transaction. */
  insertObjectEntry(entry: NewEntry, job: { id: string; kind: string; payload: Record<string, unknown> }, update: ObjectProfileUpdate): Promise<void>;
  /** Profiles, oldest first; with `object`, only that object's (matched case-insensitively). */
  listObjectProfiles(object?: string): Promise<ObjectProfileRecord[]>;
  /** Creates or replaces the declared schema of (object, source); counts are recomputed from live rows. */
  declareObjectSchema(decl: ObjectSchemaDeclaration): Promise<ObjectProfileRecord>;
  /** Grows with every change to object rows or profiles; the query sandbox rebuilds when it moves. */
  objectsVersion(): Promise<number>;
  /** Every live object row, oldest first. */
  listObjectRows(): Promise<ObjectRowRecord[]>;
  /** Live object rows whose field `name` (case-insensitive) holds one of the texts `values`. */
  findObjectRowsByField(name: string, values: string[]): Promise<ObjectRowRecord[]>;
  /** Live object rows having any top-level field whose text value is `value`, with the field names. */
  findObjectRowsReferencing(value: string): Promise<Array<{ row: ObjectRowRecord; field: string }>>;
  /** The SQLite file holding this container, for readers in other processes; null for engines without one. */
  databaseFile(): string | null;

  enqueueJob(job: { id: string; kind: string; payload: Record<string, unknown>; runAfter?: number }): Promise<void>;
  /** Claims the next runnable job (queued, due) and marks it running. */
  claimJob(now: number, excludeKinds?: readonly string[]): Promise<JobRecord | null>;
  completeJob(id: string): Promise<void>;
  failJob(id: string, error: string, retryAt: number | null): Promise<void>;
  /** Jobs left `running` by a crash go back to the queue. */
  requeueRunningJobs(): Promise<number>;
  hasRunnableJobs(now: number): Promise<boolean>;
  pendingJobCount(): Promise<number>;

  // Search, chunks and duplicate groups (issue 3).
  /** The container's vector index. */
  readonly vectors: VectorIndex;
  /** BM25 over searchable rows (short entries and chunks; composites are searched through their chunks). */
  textSearch(query: string, limit: number): Promise<TextHit[]>;
  /**
   * Makes `parentId` a composite of the given chunks in one transaction: previous chunks go, the new ones
   * (with their full-text rows and `part_of` edges) come, and the parent's own full-text row is dropped.
   */
  replaceChunks(parentId: string, compositeType: string, chunks: NewEntry[]): Promise<void>;
  getEntries(ids: string[]): Promise<EntryRecord[]>;
  /** Id of the instance record of a content hash's duplicate group, created on first call. */
  instanceGroupId(contentHash: string): Promise<string>;
  /** Edge-type counts (both directions) per entry, non-zero types only. */
  edgeTypeCounts(ids: string[]): Promise<Map<string, Record<string, number>>>;
  /** Kinds `entry` and `chunk` not yet analysed, or all of them with `all`, oldest first (at most `limit`). */
  listSearchableIds(all: boolean, limit?: number): Promise<string[]>;
  /** markAnalyzed for many entries in one transaction (one disk sync instead of one per chunk). */
  markAnalyzedMany(ids: string[], at: number): Promise<void>;
  /** Marks entries unanalysed and queues their analysis jobs (re-index after an embedder change). */
  requeueAnalysis(ids: string[], kind: string): Promise<void>;

  close(): Promise<void>;
}

export interface Stores {
  readonly dataDir: string;
  readonly control: ControlStore;
  container(id: string): Promise<ContainerStore>;
  /** Every container database present on disk (used to resume queued work at start). */
  containerIdsOnDisk(): Promise<string[]>;
  close(): Promise<void>;
}

export * from './oauth-types.js';

// ---- Files (spec § File record) ----

export type FileStatus = 'pending' | 'processing' | 'complete' | 'skipped' | 'failed';

export interface StoredFile {
  id: string;
  /** Sanitized display name; never used as a path (bytes live under the file id). */
  name: string;
  size: number;
  /** Detected from the bytes, not the declared type. */
  mimeType: string;
  /** What the uploader declared (part header or MCP `mimeType`), kept for diagnostics only. */
  declaredType: string | null;
  uploadedAt: number;
  status: FileStatus;
  chunkCount: number | null;
  /** The `_composite` entry built from the file, once extraction has started writing it. */
  compositeId: string | null;
  failureReason: string | null;
  /** Origin label of the upload (`webhook:<key-name>`, `agent:mcp`). */
  source: string;
  sha256: string;
}

export interface ContainerFileStore {
  /** Stores the file record and, for processed types, queues its extraction job, in one transaction. */
  insert(file: StoredFile, job: { id: string; kind: string; payload: Record<string, unknown> } | null): Promise<void>;
  get(id: string): Promise<StoredFile | null>;
  /** Newest first. */
  list(): Promise<StoredFile[]>;
  /** Bytes of every stored file record, whatever its status (the storage-cap measure). */
  totalBytes(): Promise<number>;
  /** `pending` → `processing`; false when the file is gone or not pending. */
  markProcessing(id: string): Promise<boolean>;
  setComposite(id: string, compositeId: string): Promise<void>;
  markComplete(id: string, chunkCount: number): Promise<void>;
  markFailed(id: string, reason: string): Promise<void>;
  /** Deletes the record unless it is `processing`: 'deleted', 'processing' or 'missing'. */
  deleteUnlessProcessing(id: string): Promise<'deleted' | 'processing' | 'missing'>;
}

export interface NewJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
}

export interface ContainerStoreFileExtensions {
  readonly files: ContainerFileStore;
  /** Stores many entries (with tags and full-text rows), edges and jobs in one transaction. */
  insertEntries(batch: { entries: NewEntry[]; edges: EdgeRecord[]; jobs: NewJob[] }): Promise<void>;
  /** Removes entries (and their full-text rows) and queues their purge jobs, in one transaction; returns how many existed. */
  deleteEntries(items: Array<{ id: string; job: NewJob }>): Promise<number>;
}
