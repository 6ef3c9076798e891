/**
 * The app's "Infer this book's layout": what `rulebook init` would write to the open book, and writing it when the
 * marshal agrees. Planning, judging and writing are main/layout's, the same code the CLI runs; this adds the app's
 * door (the file written must lie inside the book's folder), a proposal id so what is applied is what was shown, and
 * sentences for a person instead of a terminal.
 */
import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { LayoutProposal } from '../../shared/ipc/contract.js';
import { WRITABLE_EXTENSIONS } from '../../shared/ipc/validate.js';
import { OutsideFolderError, UserError } from '../errors.js';
import { planInit, type InitPlan } from '../layout/init-plan.js';
import { describeReading, initBytes, judgePlan, keptLines, readBook, reasonLines, rereadBook, settingsText, writeInitPlan } from '../layout/init-run.js';
import { ApiFailure } from './errors.js';
import { confineTyped, toRelPath } from './paths.js';

/** The open book, as the workspace knows it. */
export interface LayoutBook {
  /** The book's folder, a realpath. */
  readonly root: string;
  /** What was opened: the .md file or the folder. */
  readonly target: string;
  /** Told about the bytes before they are written, so the app's own write is not reported as another program's. */
  readonly noteBytes: (relPath: string, bytes: Uint8Array) => void;
}

interface Planned {
  readonly plan: InitPlan;
  /** The rulebook-relative path of the file the plan writes. */
  readonly relPath: string;
}

async function planFor(book: LayoutBook): Promise<Planned> {
  let plan: InitPlan;
  try {
    plan = await planInit(book.target);
  } catch (error) {
    // A bad rulebook.yaml or an unreadable file: the message names the file and the line.
    if (error instanceof OutsideFolderError) throw new ApiFailure('outside-rulebook', error.message);
    if (error instanceof UserError) throw new ApiFailure('invalid-rulebook', error.message);
    throw error;
  }
  // The target may not exist yet (a new rulebook.yaml): its folder's realpath says where it really is.
  const real = path.join(await realpath(path.dirname(plan.target)), path.basename(plan.target));
  const relPath = toRelPath(book.root, real);
  // Through the same door as every save: inside the folder, symlinks followed, a rulebook file type.
  await confineTyped(book.root, relPath, WRITABLE_EXTENSIONS);
  return { plan, relPath };
}

/**
 * Names one plan: the file, what it holds and would hold, and every text of the book it was inferred from (they make
 * the preview of what the book reads as). Any change on disk gives another id.
 */
function proposalId({ plan, relPath }: Planned): string {
  const hash = createHash('sha256').update(`${relPath}\0${plan.exists}\0${plan.before}\0${plan.after}`);
  for (const file of plan.source.files) hash.update(`\0${file.path}\0${file.text}`);
  return hash.digest('hex');
}

export async function proposeLayout(book: LayoutBook): Promise<LayoutProposal> {
  const planned = await planFor(book);
  const { plan, relPath } = planned;
  const reading = readBook(plan.source);
  switch (judgePlan(plan, reading)) {
    case 'no-sense':
      return { status: 'no-sense', message: 'This book has no skills or numbered rules to read, even with an inferred layout.' };
    case 'up-to-date':
      return { status: 'up-to-date', message: `This book's layout is already up to date: ${relPath} needs no change.` };
    case 'defaults':
      return { status: 'up-to-date', message: 'The default layout already reads this book as it is: nothing to write.' };
    case 'write':
      return {
        status: 'proposed',
        id: proposalId(planned),
        path: relPath,
        isNew: !plan.exists,
        settings: settingsText(plan),
        readsAs: describeReading(reading),
        reasons: reasonLines(plan),
        kept: keptLines(plan),
      };
  }
}

/**
 * Plans again and writes only if the plan is still the one proposed: a file edited or saved since would otherwise
 * get settings the marshal never saw. Returns the file written and what the book now reads as, from disk.
 */
export async function applyLayout(book: LayoutBook, id: string): Promise<{ path: string; readsAs: string[] }> {
  const planned = await planFor(book);
  const { plan, relPath } = planned;
  // Same id, same texts: the verdict is still the proposal's `write`, no need to read the whole book again.
  if (!plan.changed || proposalId(planned) !== id) {
    throw new ApiFailure('conflict', `The book changed since its layout was proposed, so ${relPath} was not written; look at the new proposal`);
  }
  book.noteBytes(relPath, initBytes(plan));
  try {
    await writeInitPlan(plan);
  } catch (error) {
    if (error instanceof UserError) throw new ApiFailure('write-failed', error.message);
    throw error;
  }
  return { path: relPath, readsAs: describeReading(await rereadBook(plan)) };
}
