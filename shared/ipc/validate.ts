/**
 * Argument validators for every RulebookApi method, shared by both hosts: whatever crosses the bridge
 * is untrusted until it passes here. Pure: no file system (the hosts add realpath confinement on top).
 */
import { MARKDOWN_EXTENSIONS } from '../model/markdown-files.js';
import { API_METHODS, LIMITS, fail, ok, type ApiArgs, type ApiMethod, type ExportKind, type Result } from './contract.js';

type Check = (value: unknown, name: string) => string | null;

const TEXT_EXTENSIONS = [...MARKDOWN_EXTENSIONS, '.yaml', '.yml', '.txt'];
/** A website is a folder: its output has no extension. */
const EXPORT_EXTENSIONS: Record<ExportKind, string> = { pdf: '.pdf', html: '.html', site: '', json: '.json' };

/** Extensions saveFile may write: a rulebook is Markdown plus its rulebook.yaml. */
export const WRITABLE_EXTENSIONS = [...MARKDOWN_EXTENSIONS, '.yaml', '.yml'];
/** Extensions readFile may read. */
export const READABLE_EXTENSIONS = TEXT_EXTENSIONS;
/** Extensions openFile may open (exports and the rulebook's own texts). */
export const OPENABLE_EXTENSIONS = [...TEXT_EXTENSIONS, '.pdf', '.html', '.json'];

export function exportExtension(kind: ExportKind): string {
  return EXPORT_EXTENSIONS[kind];
}

/**
 * Why `value` is not a safe rulebook-relative posix path, or null when it is. Rejects what could
 * leave the folder by spelling alone: absolute paths, drive letters, `..`, backslashes, NUL, and
 * empty or `.` segments. Symlinks are the host's job.
 */
export function relPathProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a text';
  if (value.length === 0) return 'must not be empty';
  if (value.length > LIMITS.maxPathLength) return `is longer than ${LIMITS.maxPathLength} characters`;
  if (value.includes('\0')) return 'contains a NUL character';
  if (value.includes('\\')) return 'must use / as separator';
  if (value.startsWith('/') || /^[a-zA-Z]:/.test(value)) return 'must be relative to the rulebook folder';
  // A URL-encoded dot or slash has no business in a file name and is how traversal hides.
  if (/%2e|%2f|%5c/i.test(value)) return 'contains an encoded separator or dot';
  for (const segment of value.split('/')) {
    if (segment === '..') return 'must not leave the rulebook folder';
    if (segment === '' || segment === '.') return 'has an empty or "." part';
  }
  return null;
}

/** Lower-case extension with its dot ("" when none). */
export function extensionOf(relPath: string): string {
  const base = relPath.slice(relPath.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

/** Why `value` is not an absolute path a person may open a rulebook from, or null. */
export function absolutePathProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a text';
  if (value.length === 0) return 'must not be empty';
  if (value.length > LIMITS.maxPathLength * 4) return 'is too long';
  if (value.includes('\0')) return 'contains a NUL character';
  if (!value.startsWith('/') && !/^[a-zA-Z]:[\\/]/.test(value) && !value.startsWith('\\\\')) return 'must be an absolute path';
  return null;
}

/** Schemes openExternal accepts: the web over TLS and e-mail, nothing that runs code or reads files. */
export const EXTERNAL_SCHEMES = ['https:', 'mailto:'] as const;

/** Why `value` must not be handed to the system browser, or null when it may. */
export function externalUrlProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a text';
  if (value.length === 0 || value.length > LIMITS.maxUrlLength) return 'has a bad length';
  // Control characters and spaces are how "java\tscript:" and friends sneak past naive checks.
  if (/[\u0000-\u0020\u007f]/.test(value)) return 'contains spaces or control characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a valid URL';
  }
  if (!(EXTERNAL_SCHEMES as readonly string[]).includes(url.protocol)) return `uses the scheme ${url.protocol} (only https: and mailto: links open)`;
  if (url.protocol === 'https:' && (url.username || url.password)) return 'carries a user name or password';
  if (url.protocol === 'https:' && !url.hostname) return 'has no host';
  return null;
}

const text: Check = (v) => (typeof v === 'string' ? (v.length > LIMITS.maxTextLength ? `is larger than ${LIMITS.maxTextLength} characters` : null) : 'must be a text');
const shortText: Check = (v) => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? null : 'must be a non-empty text of at most 200 characters');
const relPath: Check = (v) => relPathProblem(v);
const readablePath: Check = (v) => relPathProblem(v) ?? (READABLE_EXTENSIONS.includes(extensionOf(v as string)) ? null : `must name a ${READABLE_EXTENSIONS.join(', ')} file`);
const writablePath: Check = (v) => relPathProblem(v) ?? (WRITABLE_EXTENSIONS.includes(extensionOf(v as string)) ? null : `must name a ${WRITABLE_EXTENSIONS.join(', ')} file`);
const openablePath: Check = (v) => relPathProblem(v) ?? (OPENABLE_EXTENSIONS.includes(extensionOf(v as string)) ? null : `must name a ${OPENABLE_EXTENSIONS.join(', ')} file`);
const absolutePath: Check = (v) => absolutePathProblem(v);
const version: Check = (v) => (typeof v === 'string' && v.length > 0 && v.length <= 200 && /^[\w.:-]+$/.test(v) ? null : 'must be a version from readFile or saveFile');
const versionOrNull: Check = (v, n) => (v === null ? null : version(v, n));
const sampleId: Check = (v) => (typeof v === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(v) ? null : 'must be a sample id such as "funjerai"');
const gitHash: Check = (v) => (typeof v === 'string' && /^[0-9a-f]{7,64}$/.test(v) ? null : 'must be a git commit hash');
const proposalId: Check = (v) => (typeof v === 'string' && /^[0-9a-f]{64}$/.test(v) ? null : 'must be the id of a proposal from proposeLayout');
const externalUrl: Check = (v) => externalUrlProblem(v);
const cursor: Check = (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? null : 'must be a whole number ≥ 0');
const waitMs: Check = (v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= LIMITS.maxPollWaitMs ? null : `must be a number of milliseconds from 0 to ${LIMITS.maxPollWaitMs}`);

/** Extensions the Import command reads (the format follows the extension). */
export const IMPORT_EXTENSIONS = ['.txt', ...MARKDOWN_EXTENSIONS, '.html', '.htm', '.docx'];

/** Why `value` is not a plain file name (no folder part, no control characters, not hidden), or null. */
export function fileNameProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a text';
  if (value.length === 0 || value.length > 200) return 'must be 1 to 200 characters long';
  if (/[\u0000-\u001f\u007f/\\:*?"<>|]/.test(value)) return 'must be a plain file name (no folder, no control characters or : * ? " < > |)';
  if (value.startsWith('.') || value.endsWith('.') || value.endsWith(' ')) return 'must not start with a dot or end with a dot or space';
  return null;
}

const importName: Check = (v) => fileNameProblem(v) ?? (IMPORT_EXTENSIONS.includes(extensionOf(v as string)) ? null : `must name a ${IMPORT_EXTENSIONS.join(', ')} file`);
const base64Data: Check = (v) => {
  if (typeof v !== 'string') return 'must be a text';
  if (v.length > Math.ceil(LIMITS.maxImportBytes / 3) * 4) return `is larger than ${LIMITS.maxImportBytes / 1024 / 1024} MB`;
  return /^[A-Za-z0-9+/]*={0,2}$/.test(v) && v.length % 4 === 0 ? null : 'must be base64';
};
const newRulebookName: Check = (v) => fileNameProblem(v) ?? (extensionOf(v as string) === '.md' ? null : 'must end with .md');

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

/** An object with exactly the listed keys (extra keys are refused so typos do not pass silently). */
function record(fields: Record<string, Check>): Check {
  return (v, name) => {
    if (!isPlainObject(v)) return 'must be an object';
    for (const key of Object.keys(v)) if (!(key in fields)) return `has an unknown field \`${key}\``;
    for (const [key, check] of Object.entries(fields)) {
      const problem = check(v[key], `${name}.${key}`);
      if (problem) return `.${key} ${problem}`;
    }
    return null;
  };
}

function list(item: Check, max: number): Check {
  return (v, name) => {
    if (!Array.isArray(v)) return 'must be a list';
    if (v.length > max) return `has more than ${max} entries`;
    for (let i = 0; i < v.length; i++) {
      const problem = item(v[i], `${name}[${i}]`);
      if (problem) return `[${i}] ${problem}`;
    }
    return null;
  };
}

const fileToSave = record({ path: writablePath, text, expectedVersion: versionOrNull });
const unsavedText = record({ path: writablePath, text });
const exportKind: Check = (v) => (typeof v === 'string' && v in EXPORT_EXTENSIONS ? null : `must be one of ${Object.keys(EXPORT_EXTENSIONS).join(', ')}`);
const exportOptions: Check = (v) => {
  if (!isPlainObject(v)) return 'must be an object';
  const keys = Object.keys(v);
  if (keys.length > 50) return 'has too many options';
  for (const key of keys) {
    if (!/^[A-Za-z][\w-]{0,63}$/.test(key)) return `has a bad option name \`${key.slice(0, 40)}\``;
    const value = v[key];
    const scalar = value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.length <= 1000);
    const texts = Array.isArray(value) && value.length <= 500 && value.every((v) => typeof v === 'string' && v.length <= 200);
    if (!scalar && !texts) return `.${key} must be a text, number, true/false, null or a list of texts`;
  }
  return null;
};
const exportRequest: Check = (v, name) => {
  const problem = record({ kind: exportKind, output: (o) => (o === null ? null : relPathProblem(o)), replace: (r) => (r === undefined || typeof r === 'boolean' ? null : 'must be true or false'), unsaved: list(unsavedText, LIMITS.maxFilesPerSave), options: exportOptions })(v, name);
  if (problem) return problem;
  const request = v as { kind: ExportKind; output: string | null };
  if (request.output !== null && extensionOf(request.output) !== EXPORT_EXTENSIONS[request.kind]) {
    return request.kind === 'site' ? '.output must name a folder (no extension) for a site export' : `.output must end with ${EXPORT_EXTENSIONS[request.kind]} for a ${request.kind} export`;
  }
  return null;
};

/** The argument checks of each method, in order. */
const SCHEMAS: { readonly [M in ApiMethod]: readonly (readonly [string, Check])[] } = {
  hostInfo: [],
  currentRulebook: [],
  openRulebook: [['target', absolutePath]],
  openRulebookDialog: [],
  listSamples: [],
  openSample: [['id', sampleId]],
  recentRulebooks: [],
  forgetRecent: [['target', absolutePath]],
  readFile: [['relPath', readablePath]],
  saveFile: [['relPath', writablePath], ['text', text], ['expectedVersion', versionOrNull]],
  saveFiles: [['files', (v, n) => list(fileToSave, LIMITS.maxFilesPerSave)(v, n) ?? (Array.isArray(v) && v.length === 0 ? 'must not be empty' : null) ?? duplicatePaths(v as { path: string }[])]],
  pollChanges: [['since', cursor], ['waitMs', waitMs]],
  writeBackup: [['relPath', writablePath], ['text', text], ['baseVersion', versionOrNull]],
  listBackups: [],
  readBackup: [['relPath', writablePath]],
  discardBackup: [['relPath', writablePath]],
  exportRulebook: [['request', exportRequest]],
  printPreview: [['request', record({
    at: (v, n) => (v === null ? null : record({ file: readablePath, line: (l) => (typeof l === 'number' && Number.isSafeInteger(l) && l >= 1 ? null : 'must be a whole number ≥ 1') })(v, n)),
    unsaved: list(unsavedText, LIMITS.maxFilesPerSave),
  })]],
  openFile: [['relPath', openablePath]],
  revealFile: [['relPath', relPath]],
  openExternal: [['url', externalUrl]],
  listRevisions: [],
  readRevision: [['hash', gitHash]],
  readLastPublication: [],
  publishRulebook: [],
  chooseImportFile: [],
  convertImportFile: [['name', importName], ['data', base64Data]],
  createRulebook: [['fileName', newRulebookName], ['text', text]],
  proposeLayout: [],
  applyLayout: [['id', proposalId]],
  retiredNumbers: [],
  reviewChanges: [['base', (v, n) => (v === 'publication' ? null : gitHash(v, n))], ['unsaved', list(unsavedText, LIMITS.maxFilesPerSave)]],
  listCharacters: [],
  reportUnsaved: [['relPaths', list(relPath, 10_000)]],
  closeWindow: [],
  reloadWindow: [],
};

function duplicatePaths(files: readonly { path: string }[]): string | null {
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) return `names \`${file.path}\` twice`;
    seen.add(file.path);
  }
  return null;
}

export function isApiMethod(name: unknown): name is ApiMethod {
  return typeof name === 'string' && (API_METHODS as readonly string[]).includes(name);
}

/**
 * Checks a call's arguments. On success the value is the argument tuple, typed; on failure a
 * 'bad-argument' error naming the argument and the problem. Extra arguments are refused.
 */
export function validateArgs<M extends ApiMethod>(method: M, args: unknown): Result<ApiArgs<M>> {
  if (!isApiMethod(method)) return fail('bad-argument', `Unknown operation \`${String(method).slice(0, 60)}\``);
  if (!Array.isArray(args)) return fail('bad-argument', `${method}: arguments must be a list`);
  const schema = SCHEMAS[method];
  if (args.length !== schema.length) return fail('bad-argument', `${method}: expected ${schema.length} argument(s), got ${args.length}`);
  for (let i = 0; i < schema.length; i++) {
    const [name, check] = schema[i];
    const problem = check(args[i], name);
    if (problem) return fail('bad-argument', `${method}: \`${name}\`${problem.startsWith('.') || problem.startsWith('[') ? '' : ' '}${problem}`);
  }
  return ok(args as unknown as ApiArgs<M>);
}
