// One observation at a time in this realm, across every driver: process-wide listeners
// (unhandled rejections) and timing are only attributable when observations do not overlap.
import { PromiseCtor, deferred, thenIntrinsic } from "./intrinsics";

let tail: Promise<unknown> = PromiseCtor.resolve();

export function serially<T>(task: () => Promise<T>): Promise<T> {
  const result = deferred<T>();
  const done = deferred<void>();
  const previous = tail;
  tail = done.promise;
  const start = (): void => {
    let running: Promise<T>;
    try {
      running = task();
    } catch (error) {
      done.resolve();
      result.reject(error);
      return;
    }
    thenIntrinsic(
      running,
      (value) => {
        done.resolve();
        result.resolve(value);
      },
      (error) => {
        done.resolve();
        result.reject(error);
      },
    );
  };
  thenIntrinsic(previous, start, start);
  return result.promise;
}
