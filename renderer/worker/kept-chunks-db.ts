/**
 * Where the worker keeps a book's chunk results between launches: IndexedDB (the page's origin, its own profile),
 * one entry per book, under the build of the code that read them (HostInfo.coreBuild). Opening the book again
 * after a restart reads it from there, except for what changed. A cache: any failure (no IndexedDB, a full disk, a
 * damaged entry) only means the book is read afresh, and what is read back is checked (KeptChunkStore) before use.
 */
import type { KeptChunks } from '../../shared/service/index.js';

/** Which book, read by which build. */
export interface KeepKey {
  readonly book: string;
  readonly build: string;
}

const DATABASE = 'rulebook-studio-kept-chunks';
const STORE = 'books';
/** The books kept, the most recently saved first; older ones are removed when another is saved. */
const MAX_BOOKS = 8;

interface Entry {
  readonly book: string;
  readonly build: string;
  readonly savedAt: number;
  readonly kept: KeptChunks;
}

let database: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  database ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'book' }).createIndex('savedAt', 'savedAt');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    database = null;
    throw error;
  });
  return database;
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () => reject(transaction.error);
  });
}

/** What was kept of the book by this very build (unchecked: a KeptChunkStore checks it), or null. */
export async function loadKept(key: KeepKey): Promise<unknown> {
  try {
    const db = await open();
    const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(key.book);
    const entry = await new Promise<unknown>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const found = entry as Partial<Entry> | undefined;
    return found && found.build === key.build ? found.kept ?? null : null;
  } catch {
    return null;
  }
}

/** Keeps the book's chunks (replacing what was kept of it), then forgets the books saved longest ago beyond MAX_BOOKS. */
export async function saveKept(key: KeepKey, kept: KeptChunks): Promise<void> {
  try {
    const db = await open();
    const transaction = db.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    store.put({ book: key.book, build: key.build, savedAt: Date.now(), kept } satisfies Entry);
    const count = store.count();
    count.onsuccess = () => {
      let excess = count.result - MAX_BOOKS;
      if (excess <= 0) return;
      const oldest = store.index('savedAt').openCursor();
      oldest.onsuccess = () => {
        const cursor = oldest.result;
        if (!cursor || excess-- <= 0) return;
        cursor.delete();
        cursor.continue();
      };
    };
    await done(transaction);
  } catch {
    // Not kept: the next launch reads the book afresh.
  }
}
