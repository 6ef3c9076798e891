/**
 * The open rulebook's other files (OpenedRulebook.assets: pictures, pages not read) kept current while it is open: a
 * file added to or removed from its folder lists them again, a burst of such events (a folder of pictures unpacked)
 * once, and the page is told when the list changed (ChangeBatch.assets), so a link to a new picture is no longer broken.
 */
import { sameItems } from '../../shared/model/same-items.js';

export class OtherFiles {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  /** Touched again while a listing ran: its answer may already be out of date. */
  private again = false;
  private closed = false;

  constructor(
    private list: readonly string[],
    /** Lists the folder's other files now, as the open did (load-rulebook's listAssets). */
    private readonly relist: () => Promise<string[]>,
    /** Called when the list changed. */
    private readonly changed: () => void,
    /** How long the folder stays quiet before it is listed again. */
    private readonly settleMs = 100,
  ) {}

  /** The folder's other files, rulebook-relative, as last listed. */
  current(): readonly string[] {
    return this.list;
  }

  /** A file or folder was added or removed somewhere in the rulebook's folder. */
  touched(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refresh();
    }, this.settleMs);
  }

  private async refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        // A folder that cannot be listed now keeps the last list: only more links would look broken.
        const now = await this.relist().catch(() => null);
        if (this.closed) return;
        if (now && !sameItems(now, this.list)) {
          this.list = now;
          this.changed();
        }
      } while (this.again);
    })();
    await this.running;
    this.running = null;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
