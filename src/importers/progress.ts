import cliProgress from 'cli-progress';

export interface ProgressTask {
  /** Reports that `bytes` more of the input were consumed. */
  advance(bytes: number): void;
  done(summary: string): void;
}

export interface ProgressReporter {
  task(label: string, totalBytes: number): ProgressTask;
  info(message: string): void;
  stop(): void;
}

/** Bars on a terminal, one line per finished step otherwise, nothing when silent. */
export function createProgressReporter(stream: NodeJS.WriteStream | null): ProgressReporter {
  if (!stream) {
    return { task: () => ({ advance() {}, done() {} }), info() {}, stop() {} };
  }
  if (!stream.isTTY) {
    return {
      task(label) {
        const started = Date.now();
        return {
          advance() {},
          done(summary) {
            stream.write(`${label}: ${summary} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
          },
        };
      },
      info(message) {
        stream.write(`${message}\n`);
      },
      stop() {},
    };
  }
  const bars = new cliProgress.MultiBar(
    {
      stream,
      format: ' {label} [{bar}] {percentage}% | {summary}',
      hideCursor: true,
      clearOnComplete: false,
      barsize: 30,
    },
    cliProgress.Presets.shades_classic,
  );
  return {
    task(label, totalBytes) {
      const bar = bars.create(Math.max(totalBytes, 1), 0, { label: label.padEnd(34), summary: '' });
      let seen = 0;
      return {
        advance(bytes) {
          seen += bytes;
          bar.update(Math.min(seen, totalBytes), { label: label.padEnd(34), summary: '' });
        },
        done(summary) {
          bar.update(Math.max(totalBytes, 1), { label: label.padEnd(34), summary });
          bar.stop();
        },
      };
    },
    info(message) {
      bars.log(`${message}\n`);
    },
    stop() {
      bars.stop();
    },
  };
}
