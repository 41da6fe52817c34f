// Persistence interfaces. Async on purpose (ARCHITECTURE.md § Store): a networked engine can implement
// them later without touching callers, even though the embedded SQLite engine is synchronous.

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

export interface ControlStore {
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
  updateContainer(id: string, patch: Partial<Pick<ContainerRecord, 'name' | 'isPublic' | 'isEphemeral' | 'paused' | 'initializationStatus' | 'analysisCadence' | 'orgId'>>): Promise<void>;
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

  close(): Promise<void>;
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

export interface ContainerStore extends ContainerStoreFileExtensions {
  readonly containerId: string;
  /** Stores the entry (with its tags and full-text row) and queues its workflow job in one transaction. */
  insertEntry(entry: NewEntry, job: { id: string; kind: string; payload: Record<string, unknown> }): Promise<void>;
  getEntry(id: string): Promise<EntryRecord | null>;
  listEntries(q: EntryListQuery): Promise<EntryRecord[]>;
  /** Removes the entry row (and its full-text row) and queues the purge of derived data, in one transaction. */
  deleteEntry(id: string, job: { id: string; kind: string; payload: Record<string, unknown> }): Promise<boolean>;
  /** Chunks of a composite, in chunk order. */
  listChildren(parentId: string): Promise<EntryRecord[]>;
  deleteChildren(parentId: string): Promise<number>;
  markAnalyzed(id: string, at: number): Promise<void>;
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

  enqueueJob(job: { id: string; kind: string; payload: Record<string, unknown>; runAfter?: number }): Promise<void>;
  /** Claims the next runnable job (queued, due) and marks it running. */
  claimJob(now: number): Promise<JobRecord | null>;
  completeJob(id: string): Promise<void>;
  failJob(id: string, error: string, retryAt: number | null): Promise<void>;
  /** Jobs left `running` by a crash go back to the queue. */
  requeueRunningJobs(): Promise<number>;
  hasRunnableJobs(now: number): Promise<boolean>;
  pendingJobCount(): Promise<number>;

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
