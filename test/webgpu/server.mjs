// WGSL test server: one node process serves a whole `go test` run (see
// test/wgsl/tint.go). It reads one JSON request per line on stdin and
// answers one JSON line per request on stdout (after a prefix that tells
// it from Dawn's own logging), in order:
//
//   {"op":"validate","code":WGSL,"entries":[ENTRY...]}
//     -> {"errors":[...],"warnings":[...],"pipelines":[...]}
//     Tint (Dawn's WGSL front end, through the npm package `webgpu` on Dawn's
//     null backend) compiles the module; then one pipeline is created per
//     entry point, as a WebGPU application would, with layout 'auto'.
//     ENTRY = {"name","stage":"vertex|fragment|compute",
//              "inputs":[{"location","type","interp"}],   (vertex attributes / fragment inputs)
//              "outputs":[{"location","type"}],           (fragment colour outputs)
//              "fragDepth":bool}
//     errors and pipeline errors are "line:col: message" strings.
//   {"op":"wgsl2spirv","code":WGSL} -> {"spirv":BASE64 words} or {"errors":[...]}
//     naga (npm naga-wasm) translates WGSL to SPIR-V, for execution tests.
//   {"op":"spirv2wgsl","spirv":BASE64} -> {"wgsl":...} or {"errors":[...]}
//     naga's SPIR-V reader, for side-by-side timings.
import { createInterface } from 'node:readline';
import { create, globals } from 'webgpu';

Object.assign(globalThis, globals);

// The instance must stay referenced for the device's lifetime: Dawn aborts
// if it is garbage-collected under a live device.
let gpu = null;
let device = null;
async function getDevice() {
  if (device) return device;
  gpu = create(['backend=null']);
  const adapter = await gpu.requestAdapter();
  if (!adapter) throw new Error('no WebGPU adapter on the null backend');
  const requiredLimits = {};
  for (const k in adapter.limits) requiredLimits[k] = adapter.limits[k];
  device = await adapter.requestDevice({ requiredFeatures: [...adapter.features], requiredLimits });
  device.onuncapturederror = () => {}; // every error is captured by a scope
  return device;
}

let naga = null;
async function getNaga() {
  if (!naga) naga = await import('naga-wasm');
  return naga;
}

// Vertex formats for vertex-shader inputs, by WGSL type.
const vertexFormats = {
  'f32': 'float32', 'vec2<f32>': 'float32x2', 'vec3<f32>': 'float32x3', 'vec4<f32>': 'float32x4',
  'i32': 'sint32', 'vec2<i32>': 'sint32x2', 'vec3<i32>': 'sint32x3', 'vec4<i32>': 'sint32x4',
  'u32': 'uint32', 'vec2<u32>': 'uint32x2', 'vec3<u32>': 'uint32x3', 'vec4<u32>': 'uint32x4',
  'f16': 'float16', 'vec2<f16>': 'float16x2', 'vec3<f16>': 'float16x4', 'vec4<f16>': 'float16x4',
};

// Colour target formats for fragment outputs: one channel, so any component
// count of the output's scalar type fits.
function targetFormat(type) {
  if (type.includes('i32')) return 'r32sint';
  if (type.includes('u32')) return 'r32uint';
  return 'r32float';
}

// A vertex shader feeding exactly the fragment shader's inputs.
function feedingVertexShader(inputs) {
  const enables = inputs.some((i) => i.type.includes('f16')) ? 'enable f16;\n' : '';
  const members = inputs.map((i, n) =>
    `  @location(${i.location})${i.interp ? ` @interpolate(${i.interp})` : ''} v${n}: ${i.type},`);
  return `${enables}struct VOut {\n  @builtin(position) pos: vec4<f32>,\n${members.join('\n')}\n}\n` +
    '@vertex fn main() -> VOut { var o: VOut; return o; }\n';
}

function messageText(m) {
  return `${m.lineNum}:${m.linePos}: ${m.message}`;
}

async function scoped(dev, fn) {
  dev.pushErrorScope('validation');
  dev.pushErrorScope('internal');
  try {
    await fn();
  } catch (e) {
    await dev.popErrorScope();
    await dev.popErrorScope();
    return String(e && e.message || e);
  }
  const internal = await dev.popErrorScope();
  const validation = await dev.popErrorScope();
  const e = validation || internal;
  return e ? e.message : null;
}

async function validate(req) {
  const dev = await getDevice();
  const errors = [], warnings = [], pipelines = [];
  let module;
  const modErr = await scoped(dev, async () => {
    module = dev.createShaderModule({ code: req.code });
    const info = await module.getCompilationInfo();
    for (const m of info.messages) {
      (m.type === 'error' ? errors : warnings).push(messageText(m));
    }
  });
  if (errors.length > 0 || modErr) {
    if (errors.length === 0) errors.push(modErr);
    return { errors, warnings, pipelines };
  }
  for (const e of req.entries || []) {
    const err = await scoped(dev, async () => {
      if (e.stage === 'compute') {
        await dev.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: e.name } });
      } else if (e.stage === 'vertex') {
        const buffers = (e.inputs || []).map((i) => ({
          arrayStride: 16, attributes: [{ shaderLocation: i.location, offset: 0, format: vertexFormats[i.type] || 'float32x4' }],
        }));
        // WebGPU wants an attachment: a depth buffer serves.
        await dev.createRenderPipelineAsync({ layout: 'auto', vertex: { module, entryPoint: e.name, buffers },
          depthStencil: { format: 'depth32float', depthWriteEnabled: false, depthCompare: 'always' } });
      } else if (e.stage === 'fragment') {
        const vmod = dev.createShaderModule({ code: feedingVertexShader(e.inputs || []) });
        const outs = e.outputs || [];
        const maxLoc = outs.reduce((m, o) => Math.max(m, o.location), -1);
        const targets = [];
        for (let l = 0; l <= maxLoc; l++) {
          const o = outs.find((x) => x.location === l);
          targets.push(o ? { format: targetFormat(o.type) } : null);
        }
        const desc = {
          layout: 'auto',
          vertex: { module: vmod, entryPoint: 'main' },
          fragment: { module, entryPoint: e.name, targets },
        };
        if (e.fragDepth || targets.length === 0) desc.depthStencil = { format: 'depth32float', depthWriteEnabled: true, depthCompare: 'always' };
        await dev.createRenderPipelineAsync(desc);
      } else {
        throw new Error(`unknown stage ${e.stage}`);
      }
    });
    if (err) pipelines.push(`${e.name}: ${err}`);
  }
  return { errors, warnings, pipelines };
}

function b64words(words) {
  return Buffer.from(words.buffer, words.byteOffset, words.byteLength).toString('base64');
}

async function handle(req) {
  switch (req.op) {
    case 'validate':
      return validate(req);
    case 'wgsl2spirv': {
      const n = await getNaga();
      try {
        const words = n.translate({ from: 'wgsl', to: 'spirv', source: req.code, options: req.options });
        return { spirv: b64words(words) };
      } catch (e) {
        return { errors: [String(e.formatted || e.message || e)] };
      }
    }
    case 'spirv2wgsl': {
      const n = await getNaga();
      try {
        const bytes = Buffer.from(req.spirv, 'base64');
        return { wgsl: n.translate({ from: 'spirv', to: 'wgsl', source: new Uint8Array(bytes) }) };
      } catch (e) {
        return { errors: [String(e.formatted || e.message || e)] };
      }
    }
    case 'ping':
      return { ok: true };
    default:
      return { errors: [`unknown op ${req.op}`] };
  }
}

const ANSWER = '\u0001wgsl-answer ';
const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
const queue = [];
let busy = false;
async function drain() {
  if (busy) return;
  busy = true;
  while (queue.length > 0) {
    const line = queue.shift();
    let res;
    try {
      res = await handle(JSON.parse(line));
    } catch (e) {
      res = { errors: [`server: ${e && e.stack || e}`] };
    }
    // Dawn may log to stdout too: answers carry a prefix.
    process.stdout.write(ANSWER + JSON.stringify(res) + '\n');
  }
  busy = false;
}
rl.on('line', (line) => { if (line.trim() !== '') { queue.push(line); drain(); } });
rl.on('close', async () => {
  while (busy || queue.length) await new Promise((r) => setTimeout(r, 5));
  if (device) device.destroy();
  process.exit(0);
});
