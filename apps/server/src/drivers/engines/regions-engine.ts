/**
 * The regions port (TOOLS.md §5, engine ports by capability): the detected face regions drawn over
 * a photo, for retouch's "protected areas" view. Built in, it is the engine's face analysis in the
 * uploads thread (~200 ms of CPU, off the API's event loop); a test or another analyser replaces
 * it through DriverOverrides.regionsEngine, and no module asks which one ran.
 */
import { getEngineThread } from "@gyeol/engine/thread/engine-thread";

export interface RegionsOverlay {
  /** The overlay as a PNG at the analysed size. */
  png: Buffer | Uint8Array;
  facesFound: number;
}

export interface RegionsEngine {
  overlay(bytes: Uint8Array): Promise<RegionsOverlay>;
}

export const builtinRegionsEngine: RegionsEngine = {
  overlay: (bytes) => getEngineThread("uploads").renderRegionsOverlay(bytes),
};
