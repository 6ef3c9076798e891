/**
 * Which other windows or tabs of this app have a rulebook open. Pages of one app share an origin (app://rulebook in
 * Electron, the host's address in the browser), so a BroadcastChannel reaches every one of them and nothing else.
 * A page opening a book asks; every page with that book open answers at once. No answer within the wait means no
 * other live page has it: the recovery copies left for it are then a crash's, not another window's unsaved work.
 */

const CHANNEL = 'rulebook-studio.presence';
/** Pages answer from their message handler, well inside this even on a busy machine; only a crash banner waits for it. */
const ANSWER_WAIT_MS = 1000;

type Message =
  | { readonly kind: 'who-has'; readonly root: string; readonly asker: string }
  | { readonly kind: 'has'; readonly root: string; readonly asker: string };

export class Presence {
  private readonly channel: BroadcastChannel | null;
  private readonly id = crypto.randomUUID();
  private readonly waiting = new Map<string, () => void>();

  /** `openRoot` says which rulebook folder this page has open now (null: none). */
  constructor(private readonly openRoot: () => string | null) {
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    this.channel?.addEventListener('message', (event: MessageEvent<Message>) => {
      const message = event.data;
      if (message.kind === 'who-has' && message.asker !== this.id && this.openRoot() === message.root) {
        this.channel?.postMessage({ kind: 'has', root: message.root, asker: message.asker } satisfies Message);
      } else if (message.kind === 'has' && message.asker === this.id) {
        this.waiting.get(message.root)?.();
      }
    });
  }

  /** True when another live page of the app has the rulebook at `root` open. */
  openElsewhere(root: string): Promise<boolean> {
    const channel = this.channel;
    if (!channel) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (answer: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(root);
        resolve(answer);
      };
      const timer = setTimeout(() => done(false), ANSWER_WAIT_MS);
      this.waiting.set(root, () => done(true));
      channel.postMessage({ kind: 'who-has', root, asker: this.id } satisfies Message);
    });
  }
}
