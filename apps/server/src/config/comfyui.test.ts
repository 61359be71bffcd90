/**
 * Issue 25's configuration: each tool's *_PROVIDER accepts `comfyui`, ComfyUI runs at COMFYUI_URL
 * or on RunPod's worker, the workflow files are checked at boot, and with none of it set every
 * tool runs where it ran before.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHIPPED_WORKFLOWS_DIR } from "../drivers/comfyui/workflow-file.ts";
import { ConfigError, loadConfig } from "./index.ts";

const ALL_COMFY = {
  RETOUCH_PROVIDER: "comfyui",
  FACE_EDIT_PROVIDER: "comfyui",
  IMAGE_EDIT_PROVIDER: "comfyui",
  GENERATION_PROVIDER: "comfyui",
};

function messageOf(env: Record<string, string>): string {
  try {
    loadConfig(env, "/srv/gyeol");
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
}

describe("ComfyUI configuration", () => {
  it("leaves every tool where it was when nothing is set", () => {
    const config = loadConfig({}, "/srv/gyeol");
    expect(config.retouchEngine).toEqual({ kind: "builtin" });
    expect(config.faceEditEngine).toEqual({ kind: "builtin" });
    expect(config.generationProvider).toBe("kling");
    expect(config.imageEdit).toBeUndefined();
    expect(config.comfyui).toBeUndefined();
  });

  it("still picks RunPod from its key and endpoints alone, as before", () => {
    const config = loadConfig(
      { RUNPOD_API_KEY: "k", RUNPOD_UPSCALE_ENDPOINT_ID: "up", RUNPOD_FACE_EDIT_ENDPOINT_ID: "fe" },
      "/srv/gyeol",
    );
    expect(config.retouchEngine).toMatchObject({ kind: "runpod", endpointId: "up" });
    expect(config.faceEditEngine).toEqual({ kind: "runpod", endpointId: "fe" });
    expect(config.comfyui).toBeUndefined();
  });

  it("runs every tool on a ComfyUI server with COMFYUI_URL and reads the shipped workflows", () => {
    const config = loadConfig({ ...ALL_COMFY, COMFYUI_URL: "http://gpu.local:8188/" }, "/srv/gyeol");
    expect(config.retouchEngine).toEqual({ kind: "comfyui" });
    expect(config.faceEditEngine).toEqual({ kind: "comfyui" });
    expect(config.imageEdit).toMatchObject({ provider: "comfyui" });
    expect(config.generationProvider).toBe("comfyui");
    expect(config.comfyui?.target).toEqual({ kind: "server", url: "http://gpu.local:8188" });
    expect(config.comfyui?.timeoutMs).toBe(600_000);
    expect(Object.keys(config.comfyui?.workflows ?? {}).sort()).toEqual([
      "face-edit",
      "generation",
      "image-edit",
      "retouch",
    ]);
    expect(config.comfyui?.workflows["image-edit"]?.imageSlots).toBe(3);
    expect(config.comfyui?.workflows.retouch?.file).toBe(path.join(SHIPPED_WORKFLOWS_DIR, "retouch.json"));
  });

  it("runs on RunPod's ComfyUI worker with COMFYUI_RUNPOD_ENDPOINT_ID and RUNPOD_API_KEY", () => {
    const config = loadConfig(
      { RETOUCH_PROVIDER: "comfyui", COMFYUI_RUNPOD_ENDPOINT_ID: "ep1", RUNPOD_API_KEY: "k" },
      "/srv/gyeol",
    );
    expect(config.comfyui?.target).toMatchObject({
      kind: "runpod",
      endpointId: "ep1",
      runpod: { apiKey: "k" },
    });
    expect(Object.keys(config.comfyui?.workflows ?? {})).toEqual(["retouch"]);
  });

  it("stops at boot when a tool chose ComfyUI and nothing says where it runs", () => {
    const message = messageOf({ FACE_EDIT_PROVIDER: "comfyui", GENERATION_PROVIDER: "comfyui" });
    expect(message).toContain("FACE_EDIT_PROVIDER=comfyui, GENERATION_PROVIDER=comfyui needs a ComfyUI");
    expect(message).toContain("COMFYUI_URL");
    expect(message).toContain("COMFYUI_RUNPOD_ENDPOINT_ID with RUNPOD_API_KEY");
  });

  it("names RunPod's key when the ComfyUI endpoint comes without it, and refuses both targets at once", () => {
    expect(messageOf({ RETOUCH_PROVIDER: "comfyui", COMFYUI_RUNPOD_ENDPOINT_ID: "ep1" })).toContain(
      "RUNPOD_API_KEY: required with COMFYUI_RUNPOD_ENDPOINT_ID",
    );
    expect(
      messageOf({
        RETOUCH_PROVIDER: "comfyui",
        COMFYUI_URL: "http://a:8188",
        COMFYUI_RUNPOD_ENDPOINT_ID: "ep1",
        RUNPOD_API_KEY: "k",
      }),
    ).toContain("not both");
  });

  it("refuses an explicit runpod provider without its endpoint, and an unknown provider name", () => {
    expect(messageOf({ RETOUCH_PROVIDER: "runpod" })).toContain(
      "RETOUCH_PROVIDER: runpod needs RUNPOD_API_KEY and RUNPOD_UPSCALE_ENDPOINT_ID",
    );
    expect(messageOf({ GENERATION_PROVIDER: "flux" })).toContain("GENERATION_PROVIDER");
    expect(messageOf({ FACE_EDIT_PROVIDER: "insightface" })).toContain("FACE_EDIT_PROVIDER");
  });

  it("reads the operator's workflow in COMFYUI_WORKFLOWS_DIR instead of the shipped one, and checks it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gyeol-workflows-"));
    const shipped = JSON.parse(readFileSync(path.join(SHIPPED_WORKFLOWS_DIR, "retouch.json"), "utf8"));
    shipped["6"].inputs.steps = 40;
    writeFileSync(path.join(dir, "retouch.json"), JSON.stringify(shipped));
    const env = { ...ALL_COMFY, COMFYUI_URL: "http://gpu:8188", COMFYUI_WORKFLOWS_DIR: dir };
    const config = loadConfig(env, "/srv/gyeol");
    expect(config.comfyui?.workflows.retouch?.file).toBe(path.join(dir, "retouch.json"));
    expect(config.comfyui?.workflows.retouch?.workflow["6"]?.inputs.steps).toBe(40);
    // The others still come from the shipped folder.
    expect(config.comfyui?.workflows["face-edit"]?.file).toBe(
      path.join(SHIPPED_WORKFLOWS_DIR, "face-edit.json"),
    );

    delete shipped["6"]._meta;
    writeFileSync(path.join(dir, "retouch.json"), JSON.stringify(shipped));
    const message = messageOf(env);
    expect(message).toContain(
      `COMFYUI_WORKFLOWS_DIR: RETOUCH_PROVIDER=comfyui: ${path.join(dir, "retouch.json")}`,
    );
    expect(message).toContain('no node is titled "gyeol:sampler"');

    writeFileSync(path.join(dir, "retouch.json"), "{ not json");
    expect(messageOf(env)).toContain("not JSON");
  });
});
