/**
 * A built-in engine the contract suite can steer: it runs the real built-in engine unless told to
 * fail (a coded EngineJobError, as the engine's own failures are) or to hang (hold the run until
 * told otherwise or until the worker aborts it), and counts the runs it was handed.
 */
import { EngineJobError } from "../../src/drivers/engines/retouch-engine.ts";
import type { TProviderOutcome } from "./tool-contract.ts";

interface AnyEngine<TRequest extends { signal: AbortSignal }, TResult> {
  run(request: TRequest): Promise<TResult>;
}

export type Steered<E> = E & { outcome: TProviderOutcome; runs: number };

export function steerEngine<
  TRequest extends { signal: AbortSignal },
  TResult,
  E extends AnyEngine<TRequest, TResult>,
>(real: E): Steered<E> {
  const steered = Object.assign(Object.create(real) as E, { outcome: "ok" as TProviderOutcome, runs: 0 });
  steered.run = async (request: TRequest) => {
    steered.runs += 1;
    while (steered.outcome === "hang") {
      request.signal.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (steered.outcome === "fail") throw new EngineJobError("ENGINE_FAILED", "the steered engine failed");
    return real.run(request);
  };
  return steered;
}
