import cliProgress from "cli-progress";

// Campaign progress on stderr: on a TTY a cli-progress bar over the time budget (or the
// runs), otherwise one plain line every `lineEveryMs`, so CI logs show the campaign is alive.

export interface ProgressState {
  readonly elapsedMs: number;
  readonly cases: number;
  readonly failures: number;
  readonly property: string;
}

export interface CampaignProgress {
  start(totalLabel: string, total: number): void;
  update(state: ProgressState, done: number): void;
  stop(): void;
}

export function rateOf(cases: number, ms: number): number {
  return ms <= 0 ? 0 : cases / (ms / 1000);
}

function line(state: ProgressState): string {
  return `${formatElapsed(state.elapsedMs)} ${state.cases} cases (${rateOf(state.cases, state.elapsedMs).toFixed(0)}/s), ${state.failures} failure(s), ${state.property}`;
}

export function formatElapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

export function stderrProgress(stream: NodeJS.WriteStream = process.stderr, lineEveryMs = 15_000): CampaignProgress {
  let bar: cliProgress.SingleBar | null = null;
  let lastLine = 0;
  return {
    start(totalLabel, total) {
      if (stream.isTTY === true) {
        bar = new cliProgress.SingleBar({ stream, format: ` {bar} {percentage}% of ${totalLabel} | {line}`, hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic);
        bar.start(total, 0, { line: "" });
      }
    },
    update(state, done) {
      if (bar !== null) {
        bar.update(done, { line: line(state) });
        return;
      }
      if (state.elapsedMs - lastLine >= lineEveryMs) {
        lastLine = state.elapsedMs;
        stream.write(`fuzz ${line(state)}\n`);
      }
    },
    stop() {
      bar?.stop();
    },
  };
}

export const silentProgress: CampaignProgress = { start() {}, update() {}, stop() {} };
