// A Keras layers model (the tfjs files UpscalerJS ships) written as an ONNX model, in memory, so
// onnxruntime-node's native kernels can run the same ESRGAN weights. Plain JavaScript like the
// worker that uses it. Only the layers the ESRGAN models use are known (Conv2D, Activation relu or
// linear, Concatenate, Add, UpSampling2D nearest); any other layer throws, and the caller keeps
// tfjs. Tensors stay NHWC at the edges (input "LR" [N,H,W,3], output "SR" [N,2H,2W,3]) and run
// NCHW inside, as ONNX's Conv wants.
import fs from "node:fs";
import path from "node:path";

// --- A protobuf writer: just the wire types ONNX's messages need. ---

function varint(value) {
  const bytes = [];
  let n = BigInt(value);
  if (n < 0n) n += 1n << 64n; // int64 in two's complement
  do {
    let byte = Number(n & 0x7fn);
    n >>= 7n;
    if (n > 0n) byte |= 0x80;
    bytes.push(byte);
  } while (n > 0n);
  return Buffer.from(bytes);
}
const tag = (field, wire) => varint((field << 3) | wire);
const int = (field, value) => Buffer.concat([tag(field, 0), varint(value)]);
const bytes = (field, buf) => Buffer.concat([tag(field, 2), varint(buf.length), buf]);
const str = (field, s) => bytes(field, Buffer.from(s, "utf8"));
const msg = (field, parts) => bytes(field, Buffer.concat(parts));

// onnx.proto enums
const FLOAT = 1;
const ATTR = { INT: 2, STRING: 3, INTS: 7 };

function tensor(field, name, dims, values) {
  const data = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  return msg(field, [...dims.map((d) => int(1, d)), int(2, FLOAT), str(8, name), bytes(9, data)]);
}

function attribute(name, value) {
  if (typeof value === "string") return msg(5, [str(1, name), str(4, value), int(20, ATTR.STRING)]);
  if (Array.isArray(value)) return msg(5, [str(1, name), ...value.map((v) => int(8, v)), int(20, ATTR.INTS)]);
  return msg(5, [str(1, name), int(3, value), int(20, ATTR.INT)]);
}

function node(opType, inputs, outputs, attributes = {}) {
  return msg(1, [
    ...inputs.map((i) => str(1, i)),
    ...outputs.map((o) => str(2, o)),
    str(3, outputs[0]),
    str(4, opType),
    ...Object.entries(attributes).map(([k, v]) => attribute(k, v)),
  ]);
}

function valueInfo(field, name, dims) {
  const dim = (d) => msg(1, [typeof d === "string" ? str(2, d) : int(1, d)]);
  const shape = msg(2, dims.map(dim));
  const tensorType = msg(1, [int(1, FLOAT), shape]);
  return msg(field, [str(1, name), msg(2, [tensorType])]);
}

// --- The Keras graph ---

/** The model.json and its weights: `{ layers, weights: Map<name, {shape, values}> }`. */
export function readKerasModel(modelJsonPath) {
  const json = JSON.parse(fs.readFileSync(modelJsonPath, "utf8"));
  if (json.format !== "layers-model") throw new Error(`not a layers model: ${json.format}`);
  const config = json.modelTopology?.model_config?.config ?? json.modelTopology?.config;
  const weights = new Map();
  for (const group of json.weightsManifest) {
    const data = Buffer.concat(
      group.paths.map((p) => fs.readFileSync(path.join(path.dirname(modelJsonPath), p))),
    );
    let offset = 0;
    for (const spec of group.weights) {
      if (spec.dtype !== "float32" || spec.quantization)
        throw new Error(`weight ${spec.name}: not plain float32`);
      const count = spec.shape.reduce((a, b) => a * b, 1);
      const values = new Float32Array(count);
      Buffer.from(values.buffer).set(data.subarray(offset, offset + count * 4));
      offset += count * 4;
      weights.set(spec.name, { shape: spec.shape, values });
    }
  }
  return { config, weights };
}

/** Keras' [kh, kw, in, out] kernel as ONNX's [out, in, kh, kw]. */
function convKernel({ shape: [kh, kw, cin, cout], values }) {
  const out = new Float32Array(values.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < cin; i++)
        for (let o = 0; o < cout; o++)
          out[((o * cin + i) * kh + y) * kw + x] = values[((y * kw + x) * cin + i) * cout + o];
  return { dims: [cout, cin, kh, kw], values: out };
}

/** ONNX model bytes for a Keras functional model of the layers above. */
export function kerasToOnnx({ config, weights }) {
  const nodes = [];
  const initializers = [];
  const names = new Map(); // Keras layer name -> its NCHW tensor name
  const [[inputName]] = config.input_layers;
  const [[outputName]] = config.output_layers;
  const weight = (name) => {
    const w = weights.get(name);
    if (!w) throw new Error(`weight ${name} missing`);
    return w;
  };
  for (const layer of config.layers) {
    const { class_name: kind, name, config: c } = layer;
    const inputs = (layer.inbound_nodes?.[0] ?? []).map(([from]) => {
      const t = names.get(from);
      if (!t) throw new Error(`layer ${name}: input ${from} not built yet`);
      return t;
    });
    const out = `${name}:nchw`;
    if (kind === "InputLayer") {
      nodes.push(node("Transpose", [inputName], [out], { perm: [0, 3, 1, 2] }));
    } else if (kind === "Conv2D") {
      const [kh, kw] = c.kernel_size;
      if (
        c.strides.some((s) => s !== 1) ||
        c.dilation_rate.some((d) => d !== 1) ||
        kh % 2 === 0 ||
        kw % 2 === 0
      )
        throw new Error(`layer ${name}: only odd kernels, stride 1, no dilation`);
      const pad = c.padding === "same" ? [(kh - 1) / 2, (kw - 1) / 2] : [0, 0];
      const k = convKernel(weight(`${name}/kernel`));
      initializers.push(tensor(5, `${name}/W`, k.dims, k.values));
      const convInputs = [inputs[0], `${name}/W`];
      if (c.use_bias) {
        const b = weight(`${name}/bias`);
        initializers.push(tensor(5, `${name}/B`, b.shape, b.values));
        convInputs.push(`${name}/B`);
      }
      const convOut = c.activation === "relu" ? `${name}:pre` : out;
      if (c.activation !== "relu" && c.activation !== "linear")
        throw new Error(`layer ${name}: activation ${c.activation}`);
      nodes.push(
        node("Conv", convInputs, [convOut], {
          kernel_shape: [kh, kw],
          pads: [pad[0], pad[1], pad[0], pad[1]],
          strides: [1, 1],
        }),
      );
      if (c.activation === "relu") nodes.push(node("Relu", [convOut], [out]));
    } else if (kind === "Activation") {
      if (c.activation === "relu") nodes.push(node("Relu", inputs, [out]));
      else if (c.activation === "linear") nodes.push(node("Identity", inputs, [out]));
      else throw new Error(`layer ${name}: activation ${c.activation}`);
    } else if (kind === "Concatenate") {
      if (c.axis !== 3 && c.axis !== -1) throw new Error(`layer ${name}: concatenation on axis ${c.axis}`);
      nodes.push(node("Concat", inputs, [out], { axis: 1 }));
    } else if (kind === "Add") {
      let sum = inputs[0];
      for (let i = 1; i < inputs.length; i++) {
        const next = i === inputs.length - 1 ? out : `${name}:${i}`;
        nodes.push(node("Add", [sum, inputs[i]], [next]));
        sum = next;
      }
    } else if (kind === "UpSampling2D") {
      if (c.interpolation !== "nearest") throw new Error(`layer ${name}: ${c.interpolation} upsampling`);
      initializers.push(tensor(5, `${name}/scales`, [4], Float32Array.from([1, 1, c.size[0], c.size[1]])));
      nodes.push(
        node("Resize", [inputs[0], "", `${name}/scales`], [out], {
          mode: "nearest",
          coordinate_transformation_mode: "asymmetric",
          nearest_mode: "floor",
        }),
      );
    } else {
      throw new Error(`layer ${name}: ${kind} is not supported`);
    }
    names.set(name, out);
  }
  nodes.push(node("Transpose", [names.get(outputName)], [outputName], { perm: [0, 2, 3, 1] }));
  const graph = msg(7, [
    ...nodes,
    str(2, "keras"),
    ...initializers,
    valueInfo(11, inputName, ["N", "H", "W", 3]),
    valueInfo(12, outputName, ["N", "H2", "W2", 3]),
  ]);
  return Buffer.concat([
    int(1, 8), // ir_version 8
    str(2, "gyeol-keras-onnx"),
    graph,
    msg(8, [str(1, ""), int(2, 17)]), // opset 17
  ]);
}
